/** The signed-in citizen's profile and documents on the server (SWR keys, fetchers, updates). */
import useSWR from 'swr';
import { PROFILE_CURRENT_PASSWORD_FIELD, type EmailConfirmBody, type EmailConfirmed, type ProfileUpdated } from '@portal/api-contract';
import { api } from '../../lib/api-client';
import { DOCUMENTS_KEY, listDocuments } from '../../api/documents';
import { EDITABLE } from './fields';

export type { CitizenProfile } from '@portal/api-contract';

export { PROFILE_KEY, useProfile } from '../../api/profile';

/** SWR hook of the citizen's stored documents. */
export function useDocuments() {
  return useSWR(DOCUMENTS_KEY, listDocuments);
}

/**
 * Saves contact and address (spec §7: multipart, null values sent as empty);
 * a 400 carries the schema's messages per field. A new e-mail needs the
 * current password (`currentPassword`; a 400 on `current_password` otherwise).
 */
export async function updateProfile(id: number, data: Record<string, unknown>, currentPassword?: string): Promise<ProfileUpdated> {
  const body = new FormData();
  for (const key of EDITABLE) {
    const value = data[key];
    body.set(key, value === null || value === undefined ? '' : String(value));
  }
  if (currentPassword) body.set(PROFILE_CURRENT_PASSWORD_FIELD, currentPassword);
  return api.post<ProfileUpdated>(`portals/citizen-profile/${id}/update`, { body });
}

/** Confirms the new e-mail with the code sent to it. */
export async function confirmEmail(code: string): Promise<EmailConfirmed> {
  return api.post<EmailConfirmed>('portals/citizen-profile/email/confirm', { json: { code } satisfies EmailConfirmBody });
}

/** Removes one of the citizen's documents (409 when a submitted request cites it). */
export async function deleteDocument(id: number): Promise<void> {
  await api.delete(`portals/documents/${id}`);
}
