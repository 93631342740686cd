/** Subscriptions to the FormStore carried in RJSF's formContext. */
import { useSyncExternalStore } from 'react';
import type { FieldPathId, Registry } from '@rjsf/utils';
import { FormStore, type FormSnapshot } from './FormStore';
import type { FieldView } from './fieldView';
import { getAt } from '../data/paths';

const STANDALONE = FormStore.standalone();

/** The store of the surrounding SchemaForm, or a rule-less one when the theme is used on its own. */
export function storeOf(registry: Registry): FormStore {
  const context = registry.formContext as { store?: unknown } | undefined;
  return context?.store instanceof FormStore ? context.store : STANDALONE;
}

/**
 * Our dot path of an RJSF field: RJSF v6's `fieldPathId.path` (property
 * names and numeric row indexes) below the base path SchemaForm renders
 * (a section when the form is shown one step at a time).
 */
export function fieldPathOf(registry: Registry, fieldPathId: FieldPathId): string {
  const base = (registry.formContext as { basePath?: unknown } | undefined)?.basePath;
  const prefix = typeof base === 'string' && base !== '' ? [base] : [];
  return [...prefix, ...fieldPathId.path].join('.');
}

/** The view of one field; re-renders only when something it shows changes. */
export function useFieldView(store: FormStore, path: string): FieldView {
  const get = () => store.view(path);
  return useSyncExternalStore(store.subscribe, get, get);
}

/**
 * The value of one field, read from the store rather than from RJSF's props:
 * a keystroke updates the store and re-renders only the fields it changes,
 * without RJSF recomputing its state for the whole step.
 */
export function useFieldValue(store: FormStore, path: string): unknown {
  const get = () => getAt(store.snapshot.data, path);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** A primitive derived from the snapshot (strings, numbers, booleans compare by value, so no extra renders). */
export function useStoreSelect<T extends string | number | boolean | null | undefined>(
  store: FormStore,
  select: (snapshot: FormSnapshot) => T,
): T {
  const get = () => select(store.snapshot);
  return useSyncExternalStore(store.subscribe, get, get);
}
