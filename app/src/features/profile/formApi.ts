/** What the form renderer needs from the app for the profile form: lookups and option lists through the one HTTP client. */
import type { FormApi } from '@portal/form-mantine';
import { api } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { listDocuments, uploadDocument } from '../../api/documents';

/** The renderer's calls (the profile form has no file field; documents are listed for completeness). */
export function createProfileFormApi(): FormApi {
  return {
    async getJson(url, init) {
      const res = await api.answer(url, { signal: init?.signal });
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        body = null;
      }
      return { status: res.status, body };
    },
    listDocuments,
    uploadDocument,
    documentUrl: (doc) => doc.route,
    get sessionId() {
      return getSession()?.id ?? 0;
    },
  };
}
