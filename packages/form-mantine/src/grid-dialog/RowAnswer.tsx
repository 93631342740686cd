import { answerDisplay, type FormNode } from '@portal/form-engine';
import type { FormApi } from '../types';
import { getAt } from '../data/paths';
import { AnswerText } from '../answers/AnswerText';

export interface RowAnswerProps {
  /** The field's node. */
  node: FormNode;
  /** Absolute dot path of the field (`facturas.0.monto`). */
  path: string;
  /** The whole draft (the field's value, `fila.` and the currency field are read from it). */
  data: Record<string, unknown>;
  /** For the labels of `x-source` options. */
  api: FormApi | null;
}

/** One answer of a row, as the citizen reads it: the engine's text (an `x-source` value shows its option's label once loaded). */
export function RowAnswer({ node, path, data, api }: RowAnswerProps) {
  return <AnswerText display={answerDisplay(node, getAt(data, path), { data, path })} api={api} />;
}
