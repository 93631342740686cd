/** What the modal host needs to know of each modal; the app layer's registry gives one per name (app/modalRegistry.ts). */
import type { ModalContentModule } from './modalContent';
import type { ModalName } from './modalNames';

export interface ModalDefinition {
  /** The dialog's title when the opener gives none. */
  title: string;
  /** Loads the content. */
  load(): Promise<ModalContentModule>;
  /** Escape and the backdrop do not close it. Default: false. */
  persistent?: boolean;
}

/** One definition for every modal name of the spec. */
export type ModalRegistry = Record<ModalName, ModalDefinition>;
