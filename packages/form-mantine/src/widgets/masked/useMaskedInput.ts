/**
 * A text input showing `x-mask` formatting while storing digits only. The
 * caret stays after the digit just typed even when literals are inserted.
 */
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { applyMask, caretAfterDigits, maskDigits, unmask } from './mask';

export interface MaskedInput {
  /** Text to show. */
  display: string;
  /** Digits to store (undefined when empty). */
  parse(event: ChangeEvent<HTMLInputElement>): string | undefined;
  ref: React.RefObject<HTMLInputElement | null>;
}

export function useMaskedInput(mask: string | undefined, value: unknown): MaskedInput {
  const ref = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  const raw = value === undefined || value === null ? '' : String(value);
  const display = mask ? applyMask(raw, mask) : raw;

  useLayoutEffect(() => {
    const input = ref.current;
    const digits = caretDigits.current;
    if (!mask || !input || digits === null || document.activeElement !== input) return;
    caretDigits.current = null;
    const at = caretAfterDigits(display, digits);
    input.setSelectionRange(at, at);
  }, [display, mask]);

  const parse = (event: ChangeEvent<HTMLInputElement>): string | undefined => {
    const text = event.currentTarget.value;
    if (!mask) return text === '' ? undefined : text;
    const caret = event.currentTarget.selectionStart ?? text.length;
    caretDigits.current = unmask(text.slice(0, caret)).length;
    const digits = unmask(text).slice(0, maskDigits(mask));
    return digits === '' ? undefined : digits;
  };

  return { display, parse, ref };
}
