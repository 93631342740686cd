/**
 * The citizen's stored documents, loaded once per FormApi object and shared
 * by every file field and dialog; refreshed after an upload.
 */
import type { FormApi, StoredDocument } from '../../types';

export interface DocumentsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  documents: StoredDocument[];
}

export class DocumentsResource {
  private state: DocumentsState = { status: 'idle', documents: [] };
  private listeners = new Set<() => void>();
  private request = 0;

  constructor(private readonly api: FormApi) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get snapshot(): DocumentsState {
    return this.state;
  }

  private set(state: DocumentsState): void {
    this.state = state;
    for (const l of [...this.listeners]) l();
  }

  /** Loads the list unless it is loaded or loading. */
  ensure(): void {
    if (this.state.status === 'idle') this.refresh();
  }

  /** Loads the list again (the previous list stays visible meanwhile); resolves when done. */
  refresh(): Promise<void> {
    const ticket = ++this.request;
    this.set({ status: 'loading', documents: this.state.documents });
    return this.api.listDocuments().then(
      (documents) => {
        if (ticket === this.request) this.set({ status: 'ready', documents });
      },
      () => {
        if (ticket === this.request) this.set({ status: 'error', documents: this.state.documents });
      },
    );
  }
}

const resources = new WeakMap<FormApi, DocumentsResource>();

export function documentsFor(api: FormApi): DocumentsResource {
  let r = resources.get(api);
  if (!r) {
    r = new DocumentsResource(api);
    resources.set(api, r);
  }
  return r;
}
