/**
 * What every widget needs: its path, its view (visibility, requirement, error,
 * limits) and the Mantine props that label it and link its error, plus change
 * and blur handlers that also tell the store (touched / edited).
 */
import { useCallback, type CSSProperties, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { FormNode } from '@portal/form-engine';
import { useFieldLocation } from '../../field-state/FieldContext';
import { storeOf, useFieldValue, useFieldView } from '../../field-state/hooks';
import { getAt } from '../../data/paths';
import type { FieldView } from '../../field-state/fieldView';
import type { FormStore } from '../../field-state/FormStore';

/** Props shared by Mantine inputs: label, asterisk, description, error (Mantine links it with aria-describedby and sets aria-invalid). */
export interface WrapperProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk: boolean;
  disabled: boolean;
  readOnly: boolean;
  /** Read-only fields (filled by a lookup or computed) look read-only: see READ_ONLY_STYLES. */
  styles?: { input: CSSProperties };
}

/**
 * A read-only field must not look like one the citizen can type in: a grey
 * background, no box border but a dashed underline (still 3:1 against the
 * page, WCAG 1.4.11), the text in full black and the arrow cursor.
 */
export const READ_ONLY_STYLES: { input: CSSProperties } = {
  input: {
    backgroundColor: 'var(--mantine-color-gray-1)',
    border: 0,
    borderBottom: '2px dashed var(--mantine-color-gray-6)',
    borderRadius: 0,
    color: 'var(--mantine-color-black)',
    cursor: 'default',
    opacity: 1,
  },
};

export interface FieldBinding {
  path: string;
  node: FormNode;
  view: FieldView;
  store: FormStore;
  /** The field's current value (from the store: the app's draft); undefined with `{ value: false }`. */
  value: unknown;
  wrapper: WrapperProps;
  /** `aria-required` for controls whose role allows it (textbox, combobox, checkbox). */
  ariaRequired: true | undefined;
  /** A typed change: shows at once, the engine pass follows in the same frame or after the paint (changeQueue.ts). */
  change(value: unknown): void;
  /** A choice (an option picked): applied with its rules at once, so the fields it shows are there for the next Tab. */
  choose(value: unknown): void;
  blur(): void;
}

/** Joins description parts (schema description, widget notes) into one node. */
export function joinDescription(...parts: (string | undefined | false)[]): string | undefined {
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}

export interface UseFieldOptions {
  /**
   * Re-render when the value changes (default true). Plain text inputs pass
   * false: the browser already shows what was typed, so a keystroke renders
   * nothing; they follow outside changes themselves (`useUncontrolledText`).
   */
  value?: boolean;
}

/**
 * Widgets read their value from the store and write through it (the same
 * pipeline as a lookup fill: reset dependents, engine, computed values), not
 * through RJSF's `value`/`onChange`: RJSF would recompute its whole state
 * (schema retrieval, defaults) on every keystroke. RJSF still lays out the
 * fields and grids; SchemaForm hands it new data only when grid rows change.
 */
export function useField(props: WidgetProps, extraDescription?: string, options: UseFieldOptions = {}): FieldBinding {
  const { id, label, schema, registry, onBlur, readonly, disabled } = props;
  const { path } = useFieldLocation();
  const store = storeOf(registry);
  const view = useFieldView(store, path);
  const value = useFieldValue(options.value === false ? null : store, path);
  const node = schema as FormNode;
  const readOnly = Boolean(readonly || node.readOnly || node['x-compute'] !== undefined);

  const change = useCallback((next: unknown) => {
    store.markEdited(path);
    store.env.setValues({ [path]: next });
  }, [store, path]);
  const choose = useCallback((next: unknown) => {
    change(next);
    store.env.flush();
  }, [store, change]);
  const blur = useCallback(() => {
    store.touch(path);
    onBlur(id, getAt(store.snapshot.data, path));
  }, [store, path, onBlur, id]);

  return {
    path,
    node,
    view,
    store,
    value,
    wrapper: {
      id,
      label: label || node.title || path,
      description: joinDescription(node.description, extraDescription),
      error: view.error,
      withAsterisk: view.required,
      disabled: Boolean(disabled) || (view.disabled && !readOnly),
      readOnly,
      styles: readOnly ? READ_ONLY_STYLES : undefined,
    },
    ariaRequired: view.required ? true : undefined,
    change,
    choose,
    blur,
  };
}
