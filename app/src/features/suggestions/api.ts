/** POST /v2/service-suggested (spec §7): a citizen or an anonymous visitor suggests a missing service. */
import type { CitizenProfile, ServiceSuggested, ServiceSuggestionBody } from '@portal/api-contract';
import { api } from '../../lib/api-client';

/** The six fields of a suggestion (schemas/sugerencia-servicio), as the engine accepted them (the phone's 10 digits, without the mask's punctuation). */
export type { ServiceSuggestionBody as SuggestionInput } from '@portal/api-contract';

/** Sends the suggestion; a 422 carries the engine's message per field (ApiError.fieldErrors). */
export function sendSuggestion(input: ServiceSuggestionBody): Promise<ServiceSuggested> {
  return api.post<ServiceSuggested>('/v2/service-suggested', { json: input });
}

/** The signed-in citizen's phone from their profile (mobile first), or null; never fails (it only prefills a field). */
export async function profilePhone(): Promise<string | null> {
  try {
    const { data } = await api.get<{ data: CitizenProfile }>('portals/citizen-profile/profile');
    return data.celular ?? data.telefono ?? null;
  } catch {
    return null;
  }
}
