import type { ComponentType } from 'react';

/** What the registry hands a modal's content. */
export interface ModalContentProps {
  /** The `data` the modal was opened with. */
  data: unknown;
  /** Closes the modal. */
  close(): void;
}

/** A content module, loaded when its modal first opens (so ~40 modals stay out of the first bundle). */
export interface ModalContentModule {
  default: ComponentType<ModalContentProps>;
}
