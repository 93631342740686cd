/** Spanish messages: defaults per keyword, overridable per node and per form with `x-messages`. */
import type { Template } from '../compile/compileForm';
import type { CompiledForm } from '../compile/compileForm';
import { FORMATS } from './formats';
import { parseIsoDate } from '../logic/dates';

export const DEFAULT_MESSAGES: Record<string, string> = {
  required: 'Este campo es requerido',
  type: 'Tipo de dato inválido',
  enum: 'Seleccione una opción válida',
  options: 'Seleccione una opción válida',
  minLength: 'Debe tener al menos {limit} caracteres',
  maxLength: 'Debe tener como máximo {limit} caracteres',
  pattern: 'Formato inválido',
  minimum: 'El valor mínimo no es válido',
  maximum: 'El valor maximo no es válido',
  exclusiveMinimum: 'El valor mínimo no es válido',
  exclusiveMaximum: 'El valor maximo no es válido',
  multipleOf: 'Valor inválido',
  minItems: 'Debe agregar al menos {limit} elementos',
  maxItems: 'Puede agregar como máximo {limit} elementos',
  unique: 'Este valor ya fue seleccionado',
  format: 'Formato inválido',
  object: 'Los datos del formulario deben ser un objeto',
};

/** Shows a bound or parameter to a citizen: dates as DD/MM/AAAA, the rest as text. */
export function displayValue(v: unknown): string {
  if (typeof v === 'string' && parseIsoDate(v) !== null) return `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Replaces `{name}` placeholders; unknown placeholders are left as written. */
export function fillMessage(message: string, params: Record<string, unknown>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? displayValue(params[name]) : whole));
}

/** The message for a keyword on a node: node override, form override, format default, keyword default. */
export function messageFor(form: CompiledForm, t: Template | null, keyword: string, params: Record<string, unknown> = {}): string {
  const own = t?.node['x-messages']?.[keyword];
  let text: string | undefined = typeof own === 'string' ? own : form.messages[keyword];
  if (typeof text !== 'string' && keyword === 'format') {
    const fmt = typeof params.format === 'string' ? params.format : t?.node.format;
    text = (fmt && FORMATS[fmt]?.message) || undefined;
  }
  return fillMessage(text ?? DEFAULT_MESSAGES[keyword] ?? 'Valor inválido', params);
}
