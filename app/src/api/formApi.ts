/** What the form renderer needs from the app (every schema form: the application, the profile): lookups, option lists and documents, through the one HTTP client. */
import type { FormApi } from '@portal/form-mantine';
import { api } from '../lib/api-client';
import { getSession } from '../lib/session';
import { listDocuments, uploadDocument } from './documents';

export function createFormApi(): FormApi {
  return {
    async getJson(url, init) {
      // Lookups read the status themselves (200 = valid), so HTTP errors are answers, not exceptions.
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
