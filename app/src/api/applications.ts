/**
 * Formalization applications on the server: fetchers and their SWR keys. Shared
 * by the formalization feature (the form, review, confirmation) and the
 * requests feature (the list). Types come from the API contract.
 */
import useSWR from 'swr';
import type { Application } from '@portal/api-contract';
import { api } from '../lib/api-client';

export type { Application, ApplicationStatus } from '@portal/api-contract';

type One = { data: Application };

/** SWR key (and path) of one application. */
export const applicationKey = (id: number | string) => `portals/formalizaciones/${id}`;
/** SWR key (and path) of the citizen's list. */
export const APPLICATIONS_KEY = 'portals/formalizaciones';

/** One of the citizen's applications. */
export async function getApplication(id: number | string): Promise<Application> {
  return (await api.get<One>(applicationKey(id))).data;
}

/** The citizen's applications, drafts and submitted. */
export async function listApplications(): Promise<Application[]> {
  return (await api.get<{ data: Application[] }>(APPLICATIONS_KEY)).data;
}

/** A new draft (429 over MAX_OPEN_DRAFTS). */
export async function createApplication(data: Record<string, unknown> = {}): Promise<Application> {
  return (await api.post<One>(APPLICATIONS_KEY, { json: { data } })).data;
}

/** Deletes one of the citizen's own drafts (a submitted application answers 409). */
export async function deleteApplication(id: number): Promise<void> {
  await api.delete(applicationKey(id));
}

/** Saves a draft; `version` is the one it was read at (409 when another device saved in between). */
export async function saveApplication(id: number, data: Record<string, unknown>, version: number): Promise<Application> {
  return (await api.put<One>(applicationKey(id), { json: { data, version } })).data;
}

/** Submits the application (422 with the errors of each field when it is not valid). */
export async function submitApplication(id: number): Promise<Application> {
  return (await api.post<One>(`${applicationKey(id)}/submit`)).data;
}

/** SWR hook of one application. */
export function useApplication(id: string) {
  return useSWR(applicationKey(id), () => getApplication(id));
}

/** SWR hook of the citizen's list. */
export function useApplications() {
  return useSWR(APPLICATIONS_KEY, listApplications);
}
