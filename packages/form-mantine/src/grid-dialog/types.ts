/** What a grid with `x-row-dialog` hands the app to open a row's dialog (and gets back). */
import type { FormNode, FormSchema, PathMessage } from '@portal/form-engine';
import type { LookupFieldError } from '../field-state/LookupErrors';
import type { DismissNotification, FormApi, Notify } from '../types';

type Data = Record<string, unknown>;

/**
 * A request to open a row's dialog: everything the row editor (GridRowEditor)
 * or the read-only view (GridRowPreview) needs, plus what to call when it ends.
 * The app renders one of them in its own dialog titled `title`.
 */
export interface RowDialogRequest {
  /** `edit`: the row's fields with "Guardar" and "Cancelar"; `preview`: its answers read-only with "Cerrar". */
  mode: 'edit' | 'preview';
  /** The dialog's title ("Agregar factura", "Editar factura 2", "Factura 2"). */
  title: string;
  /** Dot path of the grid (`facturas`). */
  gridPath: string;
  /** Index of the row; for a new row, the number of rows (it is appended on save). */
  index: number;
  /** True for "Agregar": nothing exists until "Guardar". */
  isNew: boolean;
  /** The grid's `items` node. */
  rowSchema: FormNode;
  /** The row's current answers (empty for a new row). */
  row: Data;
  /** The whole draft when the dialog opened: the scope of `fila.` and of rules reading other sections. */
  rootData: Data;
  /** The whole form (rules, lookups and sources of the row run as in the form). */
  schema: FormSchema;
  /** The form's calls (lookups, option sources, documents). */
  api: FormApi;
  /** Date the rules use, as the form's. */
  today?: string;
  /** Errors the form shows on this row's fields (after "Siguiente" or from the server), absolute paths. */
  errors: PathMessage[];
  /** Lookup errors of this row's fields kept by the form. */
  lookupErrors: LookupFieldError[];
  notify: Notify;
  dismiss: DismissNotification;
  /** Stores the row in the form ("Guardar" of a row without errors). */
  save(row: Data): void;
  /** The dialog closed without saving (Cancelar, Cerrar, Escape). */
  cancel(): void;
}

/** Asks the host app to open a row's dialog. */
export type OpenRowDialog = (request: RowDialogRequest) => void;

/**
 * What SchemaForm shares with grid templates through `formContext` (one
 * mutable object, so a new `openRowDialog` function does not re-render RJSF).
 */
export interface RowDialogHost {
  open?: OpenRowDialog;
  today?: string;
}
