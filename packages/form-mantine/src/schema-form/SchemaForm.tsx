import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { withTheme } from '@rjsf/core';
import { notifications } from '@mantine/notifications';
import { prune, type Evaluation, type FormSchema, type PathMessage } from '@portal/form-engine';
import { sectionViewOf } from '../grid-dialog/rowView';
// SchemaForm shows its own row dialog when the app gives no openRowDialog; the editor in it is a SchemaForm.
// eslint-disable-next-line import-x/no-cycle -- declared recursion: SchemaForm → RowDialogModal → GridRowEditor → SchemaForm (a grid row's editor is a SchemaForm over that row)
import { RowDialogModal } from '../grid-dialog/RowDialogModal';
import type { OpenRowDialog, RowDialogHost, RowDialogRequest } from '../grid-dialog/types';
import { getAt } from '../data/paths';
import { FormStore, toMessageMap, type FormEnv, type LookupFieldError } from '../field-state/FormStore';
import { theme } from '../theme/createTheme';
import { engineValidator } from '../theme/engineValidator';
import { spanishStrings } from '../theme/spanishStrings';
import type { DismissNotification, FormApi, Notify, ShowErrors } from '../types';
import { checkDraft } from './runCheck';
import { ChangeQueue, type ChangeQueueConfig } from './changeQueue';
import { FormDataProp } from './formDataProp';
import { ID_SEPARATOR } from '../data/pathToId';

type Data = Record<string, unknown>;

/** The engine's verdict on a draft, as SchemaForm computed it. */
export interface DraftCheck {
  evaluation: Evaluation;
  errors: PathMessage[];
}

const ThemedForm = withTheme<unknown>(theme);

/** RJSF must not invent data: no `const` of a `oneOf` as default, no empty objects, no rows for `minItems`. */
const DEFAULT_STATE = {
  constAsDefaults: 'never',
  emptyObjectFields: 'skipEmptyDefaults',
  arrayMinItems: { populate: 'never' },
  requiredBooleanDefault: 'skip',
} as const;

export interface SchemaFormProps {
  /** The form (JSON Schema with the rule dialect); keep the same object between renders. Required. */
  schema: FormSchema;
  /** The draft, controlled by the app; hidden values stay in it. Default: empty. */
  formData?: Data;
  /**
   * Receives the new draft after changes, with computed fields set and dependent selects reset,
   * and the engine's evaluation and errors of that draft (already computed: no need to run the engine again).
   * A change is handed over in the frame that shows it when the engine's last pass was quick (it is
   * incremental: the usual case), else right after that frame is painted (keys typed before then come
   * together); it is handed over at once when a field loses focus, a pointer goes down, on submit
   * and on unmount, so a click on the app's buttons always sees the latest draft. Required.
   */
  onChange(data: Data, check: DraftCheck): void;
  /** The app's calls: lookups, option sources, documents, session. Required. */
  api: FormApi;
  /**
   * Render only this top-level section or grid (a wizard step), or one grid row (`facturas.2`, the row
   * dialog's editor); the rest of the draft is kept untouched. Default: the whole form.
   */
  section?: string;
  /** Date the rules use, `AAAA-MM-DD`. Default: today in the Dominican Republic. */
  today?: string;
  /** Errors to show on their fields (after "Siguiente", or a 422 from the server); each hides once its field is edited. Default: none. */
  errors?: PathMessage[];
  /** Live engine errors show on fields the citizen has left (`touched`) or on every field (`all`). Default: `'touched'`. */
  showErrors?: ShowErrors;
  /** Shows toasts (lookup progress and verdicts, uploads). Default: `notifications.show` of @mantine/notifications. */
  notify?: Notify;
  /** Hides a toast (the pending one of a lookup). Default: `notifications.hide`. */
  dismiss?: DismissNotification;
  /** Called on submit (Enter in a field, or a `<button type="submit" form={id}>`) with the draft pruned by the engine and its errors. Default: none. */
  onSubmit?(data: Data, errors: PathMessage[]): void;
  /**
   * Told when a field's lookup changes the lookup errors (e.g. "Cédula inválida"), so the app can block
   * "Siguiente"; each error names the value it is about. Default: none.
   */
  onLookupErrorsChange?(errors: LookupFieldError[]): void;
  /**
   * Lookup errors kept by the app (its re-check of a loaded draft: a remote verdict survives a reload),
   * shown on their fields while each field keeps the value looked up. Pass back what onLookupErrorsChange
   * gave, merged with the app's own. Default: none.
   */
  lookupErrors?: LookupFieldError[];
  /** `id` of the form element (for `<button form=…>`). Default: none. */
  id?: string;
  /**
   * Content after the fields, e.g. the step buttons. Default: nothing. It renders after the
   * form element, outside RJSF's tree: RJSF skips re-rendering when its props are deep-equal
   * ignoring functions, so handlers placed inside it would keep stale state. A submit button
   * here needs `form={id}`.
   */
  children?: ReactNode;
  /**
   * Opens the app's dialog for a row of a grid with `x-row-dialog` (edit or preview; see RowDialogRequest):
   * the app renders GridRowEditor or GridRowPreview with the request. Default: SchemaForm's own Mantine Modal.
   */
  openRowDialog?: OpenRowDialog;
}

/**
 * The citizen-facing form: RJSF with the Mantine theme, driven by the engine.
 * RJSF gets one schema and uiSchema per form (memoized) and lays out the
 * fields and grid rows; the draft and the evaluation live in a store in
 * `formContext`. Widgets read their value from the store and write through
 * `setValues` (never RJSF's onChange). A keystroke re-renders its own field
 * and, after the engine's incremental pass (in the same frame when passes are
 * quick, else right after the paint: changeQueue.ts), only the fields whose
 * view changed.
 * RJSF receives new data only when grid rows are added or removed.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { schema, formData, onChange, api, section, today, errors, showErrors = 'touched', id, children } = props;
  const notify = props.notify ?? notifications.show;
  const dismiss = props.dismiss ?? notifications.hide;
  const empty = useMemo<Data>(() => ({}), []);
  const data = formData ?? empty;

  // One schema/uiSchema per form and step, built once: RJSF works on the current step only.
  const view = useMemo(() => sectionViewOf(schema, section), [schema, section]);
  const emptyStep = useMemo(() => (view.schema.type === 'array' ? [] : {}), [view]);

  // Changes show at once and reach the engine (and onChange) after the next paint: see changeQueue.ts.
  const { onLookupErrorsChange } = props;
  const queueConfig = (): ChangeQueueConfig => ({
    schema,
    today,
    onChange: (result) => onChange(result.data, { evaluation: result.evaluation, errors: result.errors }),
  });
  const envFor = (q: ChangeQueue): FormEnv => ({
    schema, api, notify, dismiss, setValues: (changes) => q.set(changes), flush: () => q.flush(), onLookupErrors: onLookupErrorsChange,
    ruleErrorAt: (path) => {
      q.flush();
      const checked = q.produced;
      if (checked && checked.data === q.latest) return checked.errors.find((error) => error.path === path)?.message;
      return q.store?.snapshot.liveErrors.get(path);
    },
  });
  const [{ queue, store }] = useState(() => {
    const q = new ChangeQueue(data, queueConfig());
    const first = checkDraft(schema, data, today);
    q.produced = first;
    const s = new FormStore(
      { data, evaluation: first.evaluation, liveErrors: toMessageMap(first.errors), givenErrors: toMessageMap(errors), showErrors },
      envFor(q),
    );
    q.store = s;
    return { queue: q, store: s };
  });
  const checked = useMemo(
    () => (queue.produced?.data === data ? queue.produced : checkDraft(schema, data, today)),
    [queue, schema, data, today],
  );

  // Grids with x-row-dialog ask the app for a dialog, or get SchemaForm's own.
  const [rowDialog, setRowDialog] = useState<RowDialogRequest | null>(null);
  const [rowDialogs] = useState<RowDialogHost>(() => ({}));
  const { openRowDialog } = props;

  // The latest props for what the queue and the widgets call later.
  useLayoutEffect(() => {
    queue.config = queueConfig();
    store.env = envFor(queue);
    rowDialogs.open = openRowDialog ?? setRowDialog;
    rowDialogs.today = today;
  });

  useLayoutEffect(() => {
    queue.receive(data);
    store.update({
      data: queue.latest,
      evaluation: checked.evaluation,
      liveErrors: toMessageMap(checked.errors),
      givenErrors: toMessageMap(errors, store.snapshot.givenErrors),
      showErrors,
    });
  }, [queue, store, data, checked, errors, showErrors]);

  // A press anywhere (the step buttons, a link) acts on the verdict of everything typed; so does leaving the page.
  // Tab too, before the browser picks the next field: a field the last key made visible is there to receive focus.
  useEffect(() => {
    const flush = () => queue.flush();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') queue.flush();
    };
    document.addEventListener('pointerdown', flush, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', flush, true);
      document.removeEventListener('keydown', onKey, true);
      queue.flush();
    };
  }, [queue]);

  const { lookupErrors } = props;
  useLayoutEffect(() => {
    store.syncLookupErrors(lookupErrors ?? []);
  }, [store, lookupErrors]);

  const formContext = useMemo(() => ({ store, basePath: view.basePath, rowDialogs }), [store, view, rowDialogs]);
  const [formDataProp] = useState(() => new FormDataProp());
  const stepData = view.basePath === '' ? data : getAt(data, view.basePath) ?? emptyStep;
  const rjsfData = useMemo(() => formDataProp.propFor(stepData), [formDataProp, stepData]);
  const { onSubmit } = props;
  const handleSubmit = useCallback(() => {
    queue.flush();
    if (!onSubmit) return;
    const current = queue.latest;
    const result = checkDraft(schema, current, today);
    onSubmit(prune(schema, current, { today }), result.errors);
  }, [queue, onSubmit, schema, today]);

  return (
    <>
      <ThemedForm
        id={id}
        key={view.basePath}
        schema={view.schema}
        uiSchema={view.uiSchema}
        formData={rjsfData}
        formContext={formContext}
        validator={engineValidator}
        onSubmit={handleSubmit}
        noValidate
        noHtml5Validate
        showErrorList={false}
        idPrefix={view.idPrefix}
        idSeparator={ID_SEPARATOR}
        translateString={spanishStrings}
        experimental_defaultFormStateBehavior={DEFAULT_STATE}
      >
        <Fragment />
      </ThemedForm>
      {children}
      {rowDialog && <RowDialogModal request={rowDialog} onClose={() => setRowDialog(null)} />}
    </>
  );
}
