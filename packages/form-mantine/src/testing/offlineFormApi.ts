import type { FormApi, JsonAnswer } from '../types';

/** Every list answers empty. */
const emptyList = (): JsonAnswer => ({ status: 200, body: { data: [] } });

/**
 * The renderer's API for components' tests, with no network: each GET answered by `answer` (by
 * default an empty list), no stored documents, and uploads refused.
 */
export function offlineFormApi(answer: (url: string) => JsonAnswer = emptyList): FormApi {
  return {
    getJson: async (url) => answer(url),
    listDocuments: async () => [],
    uploadDocument: async () => {
      throw new Error('sin red');
    },
    documentUrl: (doc) => `/docs/${doc.id}`,
    sessionId: 1,
  };
}

/** Answers the URLs `lists` has with their bodies, and any other with a 404. */
export function listsByUrl(lists: ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>): (url: string) => JsonAnswer {
  const byUrl = lists instanceof Map ? lists : new Map(Object.entries(lists));
  return (url) => (byUrl.has(url) ? { status: 200, body: byUrl.get(url) } : { status: 404, body: {} });
}
