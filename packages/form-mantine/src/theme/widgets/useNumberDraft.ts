/**
 * Mantine's NumberInput reports unfinished numbers ("1500.") as strings. The
 * form stores numbers, so the text being typed is kept locally while it still
 * means the stored number, and shown instead of it.
 */
import { useState } from 'react';

export interface NumberDraft {
  /** What the input shows. */
  shown: number | string;
  /** The number to store for what the input reported (undefined when empty or not a number). */
  accept(reported: number | string): number | undefined;
}

export function useNumberDraft(value: unknown): NumberDraft {
  const [draft, setDraft] = useState<number | string>('');
  const stored = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  const draftNumber = typeof draft === 'string' && draft.trim() !== '' ? Number(draft) : draft;
  const shown = typeof draft === 'string' && draft !== '' && draftNumber === stored ? draft : stored ?? '';
  return {
    shown,
    accept(reported) {
      setDraft(reported);
      if (typeof reported === 'number') return Number.isFinite(reported) ? reported : undefined;
      if (reported.trim() === '' || reported === '-') return undefined;
      const n = Number(reported);
      return Number.isFinite(n) ? n : undefined;
    },
  };
}
