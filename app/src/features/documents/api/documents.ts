/** The citizen's stored documents: list (SWR key "documents") and upload. */
import { api } from '../../../lib/api-client';
import type { StoredDocument } from '@portal/form-mantine';
import { getSession } from '../../../lib/session';

export type { StoredDocument } from '@portal/form-mantine';

export const DOCUMENTS_KEY = 'documents';

export async function listDocuments(): Promise<StoredDocument[]> {
  return (await api.get('portals/documents').json<{ data: StoredDocument[] }>()).data;
}

export async function uploadDocument(file: File): Promise<StoredDocument> {
  const body = new FormData();
  body.set('citizen_profile_id', String(getSession()?.id ?? 0));
  body.set('file', file);
  const { data } = await api.post('portals/documents', { body }).json<{ data: StoredDocument & { status?: string } }>();
  if (!data || data.status === 'error') throw new Error('Error subiendo documento, intente mas tarde');
  return data;
}
