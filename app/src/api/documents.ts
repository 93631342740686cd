/** The citizen's stored documents: list (SWR key "documents") and upload. */
import type { StoredDocument } from '@portal/form-mantine';
import { api } from '../lib/api-client';
import { getSession } from '../lib/session';

export type { StoredDocument } from '@portal/form-mantine';

/** SWR key of the citizen's documents. */
export const DOCUMENTS_KEY = 'documents';

/** The citizen's stored documents. */
export async function listDocuments(): Promise<StoredDocument[]> {
  return (await api.get<{ data: StoredDocument[] }>('portals/documents')).data;
}

/** Uploads a file as a document of the signed-in citizen (spec: multipart file, citizen_profile_id). */
export async function uploadDocument(file: File): Promise<StoredDocument> {
  const body = new FormData();
  body.set('citizen_profile_id', String(getSession()?.id ?? 0));
  body.set('file', file);
  const { data } = await api.post<{ data: StoredDocument & { status?: string } }>('portals/documents', { body });
  if (!data || data.status === 'error') throw new Error('Error subiendo documento, intente mas tarde');
  return data;
}
