/**
 * The signed-in citizen's profile on the server: its SWR key, fetcher and hook (features/profile reads and
 * updates it; its frame reads it before the page's code), and the early ask for /perfil, before the page's
 * code arrives (AppRoutes.preloadPage).
 */
import useSWR from 'swr';
import type { CitizenProfile } from '@portal/api-contract';
import { api, type CallOptions } from '../lib/api-client';
import { askEarly } from '../lib/askEarly';

/** SWR key (and path) of the profile. */
export const PROFILE_KEY = 'portals/citizen-profile/profile';

/** The signed-in citizen's profile. */
export async function getProfile(options?: CallOptions): Promise<CitizenProfile> {
  return (await api.get<{ data: CitizenProfile }>(PROFILE_KEY, options)).data;
}

/** Starts loading the profile for its page, with the first bundle: on a phone it would otherwise wait for the page's code. */
export function preloadProfile(): void {
  askEarly(PROFILE_KEY, (options) => getProfile(options));
}

/** SWR hook of the profile. */
export function useProfile() {
  return useSWR(PROFILE_KEY, () => getProfile());
}
