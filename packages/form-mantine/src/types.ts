/** Public types of the renderer: what the app provides to SchemaForm. */
import type { NotificationData } from '@mantine/notifications';

/** A document stored by the citizen (the value of a file field is its `id`). */
export interface StoredDocument {
  id: number;
  name: string;
  extension: string;
  route: string;
  description?: string | null;
}

/** An HTTP answer as the rule dialect reads it; `status` 0 means the call failed. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** The calls the form makes; the app implements them with its HTTP client and session. */
export interface FormApi {
  /** GET a JSON resource; resolves with any HTTP status, rejects only when the call could not be made or was aborted. */
  getJson(url: string, init?: { signal?: AbortSignal }): Promise<JsonAnswer>;
  /**
   * GET a lookup's answer (`x-lookup`): the same URL is asked again when the step is checked, so the app
   * answers one it asked recently from its cache (one registry call per value; see the engine's
   * LookupAnswerCache). Default: `getJson`.
   */
  lookupJson?(url: string, init?: { signal?: AbortSignal }): Promise<JsonAnswer>;
  /** The citizen's stored documents. */
  listDocuments(): Promise<StoredDocument[]>;
  /** Uploads a file (multipart `file` + `citizen_profile_id`); rejects when the server answers an error. */
  uploadDocument(file: File): Promise<StoredDocument>;
  /** URL to view or download a stored document. */
  documentUrl(doc: StoredDocument): string;
  /** Id of the session's citizen profile; 0 when there is none (uploads are then skipped). */
  sessionId: number;
}

/** Shows a toast and returns its id (the shape of `notifications.show`). */
export type Notify = (notification: NotificationData) => string;

/** Hides a toast by id (the shape of `notifications.hide`). */
export type DismissNotification = (id: string) => void;

/** When field errors computed live by the engine are shown. */
export type ShowErrors = 'touched' | 'all';
