/**
 * A text input the browser keeps: React renders it once with the stored
 * value as `defaultValue`, and a keystroke re-renders nothing (the letter is
 * already on screen; the store gets it through `change`). Changes from
 * elsewhere (a lookup filling the names, a reset, a loaded draft) are written
 * into the element when the stored value differs from what it shows.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { getAt } from '../../data/paths';
import type { FormStore } from '../../field-state/FormStore';
import { fieldText } from './InputField';


export interface UncontrolledText {
  ref: React.RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  defaultValue: string;
  /** The value to store for the element's text (undefined when empty). */
  parse(text: string): string | undefined;
}

export function useUncontrolledText(store: FormStore, path: string): UncontrolledText {
  const ref = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const [defaultValue] = useState(() => fieldText(getAt(store.snapshot.data, path)));

  const sync = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const stored = getAt(store.snapshot.data, path);
    const shown = element.value;
    // The element's own text maps to what is stored ('' ⇄ undefined): nothing to write.
    if ((shown === '' ? undefined : shown) === stored) return;
    element.value = fieldText(stored);
  }, [store, path]);

  useLayoutEffect(() => {
    sync();
    return store.subscribePath(path, sync);
  }, [store, path, sync]);

  return { ref, defaultValue, parse: (text) => (text === '' ? undefined : text) };
}
