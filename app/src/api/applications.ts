/**
 * Applications of the online services on the server: fetchers and their SWR
 * keys. Every form's drafts and requests live at
 * /v1/portals/solicitudes-en-linea/{form}; the formalization's at its own
 * /v1/portals/formalizaciones (the same routes). Shared by the applications
 * feature (the form, review, confirmation), the requests feature (the list)
 * and the service page (starting one). Types come from the API contract.
 */
import { FORMALIZATION_FORM } from '@portal/api-contract';
import useSWR from 'swr';
import type { Application, DraftCreateBody, DraftSaveBody } from '@portal/api-contract';
import { api, type CallOptions } from '../lib/api-client';
import { askEarly } from '../lib/askEarly';

export type { Application, ApplicationStatus } from '@portal/api-contract';

type One = { data: Application };

/** Path of a form's applications. */
export const formBase = (form: string) => (form === FORMALIZATION_FORM ? 'portals/formalizaciones' : `portals/solicitudes-en-linea/${encodeURIComponent(form)}`);

/** SWR key (and path) of one application. */
export const applicationKey = (form: string, id: number | string) => `${formBase(form)}/${id}`;
/** SWR key (and path) of the citizen's applications of every online service. */
export const APPLICATIONS_KEY = 'portals/solicitudes-en-linea';

/** One of the citizen's applications of `form`. */
export async function getApplication(form: string, id: number | string, options?: CallOptions): Promise<Application> {
  return (await api.get<One>(applicationKey(form, id), options)).data;
}

/** The citizen's applications of every online service, drafts and submitted, newest first. */
export async function listApplications(options?: CallOptions): Promise<Application[]> {
  return (await api.get<{ data: Application[] }>(APPLICATIONS_KEY, options)).data;
}

/** Starts loading the citizen's list for the page about to ask for it (Inicio, «Mis solicitudes»), before its code and first render. */
export function preloadApplications(): void {
  askEarly(APPLICATIONS_KEY, listApplications);
}

/** A new draft of `form` (429 over MAX_OPEN_DRAFTS; 404 when no online service uses that form). */
export async function createApplication(form: string, data: Record<string, unknown> = {}): Promise<Application> {
  return (await api.post<One>(formBase(form), { json: { data } satisfies DraftCreateBody })).data;
}

/** Deletes one of the citizen's own drafts (a submitted application answers 409). */
export async function deleteApplication(form: string, id: number): Promise<void> {
  await api.delete(applicationKey(form, id));
}

/** Saves a draft; `version` is the one it was read at (409 when another device saved in between). */
export async function saveApplication(form: string, id: number, data: Record<string, unknown>, version: number): Promise<Application> {
  return (await api.put<One>(applicationKey(form, id), { json: { data, version } satisfies DraftSaveBody })).data;
}

/** Submits the application (422 with the errors of each field when it is not valid). */
export async function submitApplication(form: string, id: number): Promise<Application> {
  return (await api.post<One>(`${applicationKey(form, id)}/submit`)).data;
}

/** Starts loading an application for the useApplication that will ask for it (the page's first render); the answer. */
export function preloadApplication(form: string, id: string): Promise<Application> {
  return askEarly(applicationKey(form, id), (options) => getApplication(form, id, options));
}

/** SWR hook of one application. */
export function useApplication(form: string, id: string) {
  return useSWR(applicationKey(form, id), () => getApplication(form, id));
}

/** The citizen's applications of one form (a 404 when no online service uses it). */
export async function listFormApplications(form: string): Promise<Application[]> {
  return (await api.get<{ data: Application[] }>(formBase(form))).data;
}

/** SWR hook of the citizen's applications of one form. */
export function useFormApplications(form: string) {
  return useSWR(formBase(form), () => listFormApplications(form));
}

/** SWR hook of the citizen's list. */
export function useApplications() {
  return useSWR(APPLICATIONS_KEY, listApplications);
}
