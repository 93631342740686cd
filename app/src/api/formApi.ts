/** What the form renderer needs from the app (every schema form: the application, the profile): lookups, option lists and documents, through the one HTTP client. */
import { LookupAnswerCache } from '@portal/form-engine';
import type { FormApi } from '@portal/form-mantine';
import { getSession } from '../lib/session';
import { listDocuments, uploadDocument } from './documents';
import { getJson } from './optionLists';

/**
 * The registries' answers, shared by every form of the page: the field's lookup while typing and the step's
 * re-check before "Siguiente" (useRemoteVerdicts) ask the same URL once per value.
 */
const lookups = new LookupAnswerCache();

export function createFormApi(): FormApi {
  return {
    getJson,
    // Kept per signed-in citizen: a registry's answer never outlives the session it was asked in.
    lookupJson: (url, init) => lookups.get(`${getSession()?.id ?? 'anon'} ${url}`, () => getJson(url), init?.signal),
    listDocuments,
    uploadDocument,
    documentUrl: (doc) => doc.route,
    get sessionId() {
      return getSession()?.id ?? 0;
    },
  };
}
