/** Subscriptions to the FormStore carried in RJSF's formContext. */
import { useCallback, useSyncExternalStore } from 'react';
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
  // The view reads the field's value too (a lookup error holds while the value is the one looked up).
  const subscribe = useCallback((listener: () => void) => {
    const offViews = store.subscribeView(path, listener);
    const offPath = store.subscribePath(path, listener);
    return () => {
      offViews();
      offPath();
    };
  }, [store, path]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * The value of one field, read from the store rather than from RJSF's props:
 * a keystroke updates the store and re-renders only the fields it changes,
 * without RJSF recomputing its state for the whole step.
 */
export function useFieldValue(store: FormStore | null, path: string): unknown {
  const get = () => (store ? getAt(store.snapshot.data, path) : undefined);
  // Without a store (a widget that follows its value itself) nothing is subscribed.
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribePath(path, listener) : () => undefined), [store, path]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * A primitive derived from the snapshot (strings, numbers, booleans compare
 * by value, so no extra renders). `dataPaths` lists the data the selector
 * reads: it then runs only when one of them changes, not on every keystroke
 * anywhere in the form. Without it, it runs on every change.
 */
export function useStoreSelect<T extends string | number | boolean | null | undefined>(
  store: FormStore,
  select: (snapshot: FormSnapshot) => T,
  dataPaths?: readonly string[],
): T {
  const get = () => select(store.snapshot);
  const key = dataPaths?.join('\n');
  const subscribe = useCallback((listener: () => void) => {
    if (key === undefined) return store.subscribe(listener);
    const offs = key === '' ? [] : key.split('\n').map((p) => store.subscribePath(p, listener));
    return () => offs.forEach((off) => off());
  }, [store, key]);
  return useSyncExternalStore(subscribe, get, get);
}
