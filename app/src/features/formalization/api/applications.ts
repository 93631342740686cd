/** Formalization drafts on the server: fetchers and their SWR keys. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export type ApplicationStatus = 'borrador' | 'enviada' | 'en_revision' | 'aprobada' | 'rechazada';

export interface Application {
  id: number;
  status: ApplicationStatus;
  version: number;
  request_code: string | null;
  data: Record<string, unknown>;
  /** The company's name once the draft has one (the server decides which field); null before. */
  company_name: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
}

export interface RequestItem {
  id: number;
  agency: string;
  concept: string;
  amount: number;
  currency: string;
  status: string;
}

export interface CitizenRequest {
  id: number;
  code: string;
  service: string;
  status: string;
  company_name?: string | null;
  submitted_at: string;
  items: RequestItem[];
  total_pending: number;
}

export const applicationKey = (id: number | string) => `portals/formalizaciones/${id}`;
export const APPLICATIONS_KEY = 'portals/formalizaciones';

export async function getApplication(id: number | string): Promise<Application> {
  return (await api.get(applicationKey(id)).json<{ data: Application }>()).data;
}

export async function listApplications(): Promise<Application[]> {
  return (await api.get(APPLICATIONS_KEY).json<{ data: Application[] }>()).data;
}

export async function createApplication(data: Record<string, unknown> = {}): Promise<Application> {
  return (await api.post(APPLICATIONS_KEY, { json: { data } }).json<{ data: Application }>()).data;
}

/** Deletes one of the citizen's own drafts (a submitted application answers 409). */
export async function deleteApplication(id: number): Promise<void> {
  await api.delete(applicationKey(id));
}

export async function saveApplication(id: number, data: Record<string, unknown>, version: number): Promise<Application> {
  return (await api.put(applicationKey(id), { json: { data, version } }).json<{ data: Application }>()).data;
}

export async function submitApplication(id: number): Promise<Application> {
  return (await api.post(`${applicationKey(id)}/submit`).json<{ data: Application }>()).data;
}

export async function getRequest(id: number | string): Promise<CitizenRequest> {
  return (await api.get(`portals/requests/${id}`).json<{ data: CitizenRequest }>()).data;
}

export function useApplication(id: string) {
  return useSWR(applicationKey(id), () => getApplication(id));
}

export function useApplications() {
  return useSWR(APPLICATIONS_KEY, listApplications);
}

export function useRequest(id: string, enabled: boolean) {
  return useSWR(enabled ? `portals/requests/${id}` : null, () => getRequest(id));
}
