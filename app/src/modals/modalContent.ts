import type { ComponentType } from 'react';
import type { ModalName } from './modalNames';
import type { ModalOptions } from './modalStore';

/** What the registry hands a modal's content. */
export interface ModalContentProps {
  /** The `data` the modal was opened with. */
  data: unknown;
  /** Closes the modal. */
  close(): void;
  /** Opens another modal in its place (the same store as this one's). */
  open(name: ModalName, options?: ModalOptions): void;
  /**
   * While held (e.g. a payment being processed), the modal cannot be closed by the
   * citizen: no close button, Escape, backdrop or Back; the content still can close it.
   */
  hold?(held: boolean): void;
}

/** A content module, loaded when its modal first opens (so ~40 modals stay out of the first bundle). */
export interface ModalContentModule {
  default: ComponentType<ModalContentProps>;
}
