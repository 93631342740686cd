import { expandUrl, type FormNode, type SourceDecl } from '@portal/form-engine';
import type { FormApi } from '../types';
import { getAt, resolveRelative, scopeAt } from '../data/paths';
import { formatAmount } from '../theme/widgets/currency';
import { applyMask } from '../widgets/masked/mask';
import { useSourceOptions } from '../widgets/source-select/useSourceOptions';

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

/** Nothing answered: null, undefined, blank text or an empty list. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** A value as the citizen reads it, for everything but `x-source` lists: option titles, Sí/No, amounts, dates, masks. */
export function answerText(node: FormNode, value: unknown, currency?: unknown): string {
  if (isBlank(value)) return '—';
  const option = node.oneOf?.find((o) => o.const === value);
  if (option) return option.title ?? String(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (node['x-widget'] === 'file') return `Documento adjunto (n.º ${String(value)})`;
  if (node['x-widget'] === 'currency' && typeof value === 'number') return formatAmount(value, currency ?? 'DOP');
  if (node.format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('/');
  if (typeof node['x-mask'] === 'string' && typeof value === 'string') return applyMask(value, node['x-mask']);
  if (typeof value === 'number') return new Intl.NumberFormat('es-DO', { maximumFractionDigits: 2 }).format(value);
  return String(value);
}

function SourceAnswer({ decl, node, path, data, api, value }: RowAnswerProps & { decl: SourceDecl; value: unknown }) {
  const url = expandUrl(decl.url, scopeAt(data, path));
  const { options } = useSourceOptions(api, url, decl, node.type);
  const option = options.find((o) => o.value === value);
  return <>{option ? option.label : String(value)}</>;
}

/** One answer of a row, as the citizen reads it (an `x-source` value shows its option's label once loaded). */
export function RowAnswer(props: RowAnswerProps) {
  const { node, path, data } = props;
  const value = getAt(data, path);
  const decl = node['x-source'];
  if (decl && !isBlank(value)) return <SourceAnswer {...props} decl={decl} value={value} />;
  const currencyField = typeof node['x-currency-field'] === 'string' ? resolveRelative(node['x-currency-field'], path) : null;
  return <>{answerText(node, value, currencyField ? getAt(data, currencyField) : undefined)}</>;
}
