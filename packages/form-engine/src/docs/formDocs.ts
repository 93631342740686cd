/**
 * Generates docs/forms/<form>.md: for each section, every field with its
 * label, type, when it shows, when it is required, its constraints and its
 * messages, in Spanish prose. Pure: the schema in, Markdown out.
 */
import type { FormNode, FormSchema } from '../types';
import { compileForm, resolveVar, type CompiledForm, type Template } from '../compile/compileForm';
import { describeRule } from './describeRule';
import { FORMATS } from '../validate/formats';
import { DEFAULT_MESSAGES } from '../validate/messages';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const quote = (s: string): string => `«${s}»`;

function typeOf(n: FormNode): string {
  if (n['x-widget'] === 'file') return `Archivo${n['x-accept'] ? ` (${n['x-accept'].join(', ')})` : ''}`;
  if (n['x-source']) return `Selección de \`GET ${n['x-source'].url}\``;
  if (n.oneOf) return `Selección: ${n.oneOf.map((o) => `${o.title ?? String(o.const)} (\`${JSON.stringify(o.const)}\`)`).join(', ')}`;
  if (n.type === 'boolean') return n['x-widget'] === 'switch' ? 'Interruptor (Sí/No)' : 'Sí/No';
  if (n['x-widget'] === 'currency') return 'Importe';
  if (n.format === 'date') return 'Fecha';
  if (n.format === 'time') return 'Hora';
  if (n.type === 'integer') return 'Número entero';
  if (n.type === 'number') return 'Número';
  if (n['x-widget'] === 'textarea') return 'Texto largo';
  if (n.type === 'array') return 'Cuadrícula';
  return 'Texto';
}

function visibleText(form: CompiledForm, t: Template): string {
  return t.node['x-visible'] === undefined ? 'Siempre' : describeRule(form, t, t.node['x-visible']);
}

function requiredText(form: CompiledForm, t: Template): string {
  const r = t.node['x-required'];
  if (r === undefined || r === false) return 'No';
  return r === true ? 'Sí' : `Cuando ${describeRule(form, t, r)}`;
}

function rulesText(form: CompiledForm, t: Template): string[] {
  const n = t.node;
  const out: string[] = [];
  const say = (rule: unknown): string => describeRule(form, t, rule);
  if (n.format && FORMATS[n.format]) out.push(`Formato: ${FORMATS[n.format].describe}; si no: ${quote(n['x-messages']?.format ?? FORMATS[n.format].message)}`);
  if (n.minLength !== undefined && n.minLength === n.maxLength) out.push(`Exactamente ${n.minLength} caracteres`);
  else {
    if (n.minLength !== undefined) out.push(`Al menos ${n.minLength} caracteres`);
    if (n.maxLength !== undefined) out.push(`Como máximo ${n.maxLength} caracteres`);
  }
  if (n.pattern) out.push(`Debe cumplir el patrón \`${n.pattern}\`${n['x-messages']?.pattern ? `; si no: ${quote(n['x-messages'].pattern)}` : ''}`);
  if (n.minimum !== undefined) out.push(`Mínimo ${n.minimum}; si no: ${quote(n['x-messages']?.minimum ?? DEFAULT_MESSAGES.minimum)}`);
  if (n.maximum !== undefined) out.push(`Máximo ${n.maximum}; si no: ${quote(n['x-messages']?.maximum ?? DEFAULT_MESSAGES.maximum)}`);
  if (n.maxItems !== undefined) out.push(`Como máximo ${n.maxItems} filas`);
  if (n['x-mask']) out.push(`Máscara \`${n['x-mask']}\` (se guardan solo los dígitos)`);
  if (n['x-min']) out.push(`${n.format === 'date' ? 'No antes de' : 'Mínimo'}: ${say(n['x-min'].value)}; si no: ${quote(n['x-min'].message ?? DEFAULT_MESSAGES.minimum)}`);
  if (n['x-max']) out.push(`${n.format === 'date' ? 'No después de' : 'Máximo'}: ${say(n['x-max'].value)}; si no: ${quote(n['x-max'].message ?? DEFAULT_MESSAGES.maximum)}`);
  if (n['x-options'] !== undefined) out.push(`Opciones permitidas: ${say(n['x-options'])}`);
  for (const a of n['x-assert'] ?? []) out.push(`Se verifica que ${say(a.rule)}; si no: ${quote(a.message)}`);
  for (const w of n['x-warnings'] ?? []) out.push(`Aviso cuando ${say(w.when)}: ${quote(w.message)}`);
  if (n['x-compute'] !== undefined) out.push(`Calculado (solo lectura): ${say(n['x-compute'])}`);
  else if (n.readOnly) out.push('Solo lectura');
  if (n['x-disabled'] !== undefined) out.push(`Deshabilitado cuando ${say(n['x-disabled'])}`);
  const l = n['x-lookup'];
  if (l) {
    const when = 'length' in l.trigger ? `al llegar a ${l.trigger.length} caracteres` : `tras ${l.trigger.pauseMs} ms sin escribir`;
    const fills = Object.entries(l.fill ?? {}).map(([to, from]) => `${quote(resolveVar(form, t, to)?.node.title ?? to)} ← \`${from}\``);
    out.push(
      `Consulta ${when}: \`GET ${l.url}\`; válido si ${say(l.valid)}` +
        (fills.length ? `; rellena ${fills.join(', ')}` : '') +
        `; si no es válido: ${quote(l.invalidError)}` +
        (l.messages.pending ? `; avisos ${[l.messages.pending, l.messages.valid, l.messages.invalid].filter(Boolean).map((m) => quote(m as string)).join(', ')}` : '') +
        (l.notice ? `; aviso informativo (${l.notice.durationMs} ms): ${quote(l.notice.message)}` : ''),
    );
  }
  const s = n['x-source'];
  if (s) {
    const search = s.searchable ? `, con búsqueda${s.searchIn ? ` (también en ${[s.searchIn].flat().map((p) => `\`${p}\``).join(', ')})` : ''}` : '';
    out.push(`Opciones de la respuesta \`${s.items}\`: valor \`${s.value}\`, texto \`${[s.label].flat().join(' - ')}\`${s.pageSize ? `, ${s.pageSize} por página` : ''}${search}`);
  }
  for (const c of n['x-row-copy'] ?? []) {
    const row = t.children[0]?.children ?? [];
    const title = (key: string) => row.find((f) => f.key === key)?.node.title ?? key;
    const sets = Object.entries(c.set ?? {}).map(([to, rule]) => `${quote(title(to))} = ${say(rule)}`);
    const maps = Object.entries(c.fields).map(([to, from]) => `${quote(title(to))} ← \`${from}\``);
    out.push(`Botón ${quote(c.label)}: rellena los campos vacíos de la fila desde \`${c.from}\`${c.from === t.tpath ? ' (una fila anterior)' : ''}: ${[...sets, ...maps].join(', ')}`);
  }
  if (n['x-unique']) out.push(`«${n['x-unique'].by}» no se puede repetir entre filas; si no: ${quote(n['x-unique'].message)}`);
  if (n['x-no-paste']) out.push('No se permite pegar');
  if (n['x-messages']?.required) out.push(`Si falta: ${quote(n['x-messages'].required)}`);
  return out;
}

function fieldRows(form: CompiledForm, fields: Template[]): string[] {
  const rows = ['| Campo | Clave | Tipo | Visible | Requerido | Reglas y mensajes |', '|---|---|---|---|---|---|'];
  for (const f of fields) {
    rows.push(`| ${[f.node.title ?? f.key, `\`${f.key}\``, typeOf(f.node), visibleText(form, f), requiredText(form, f), rulesText(form, f).join('<br>') || '—'].map(cell).join(' | ')} |`);
  }
  return rows;
}

function gridBlock(form: CompiledForm, grid: Template, heading: string): string[] {
  const row = grid.children[0];
  const lines = [heading, ''];
  const facts = [`Visible: ${visibleText(form, grid)}.`, `Requerida (al menos una fila): ${requiredText(form, grid)}.`, ...rulesText(form, grid).map((r) => `${r}.`)];
  lines.push(facts.join(' '), '');
  if (row) lines.push(...fieldRows(form, row.children.filter((c) => c.kind !== 'array')), '');
  return lines;
}

/** The Markdown rule table of a form. */
export function formDocs(schema: FormSchema, source: string): string {
  const form = compileForm(schema);
  const lines = [
    `# ${schema.title ?? schema.$id}`,
    '',
    `> Generado con \`npm run schemas:docs\` a partir de \`${source}\`. No editar a mano: edite el esquema y vuelva a generar.`,
    '',
    `Mensaje por defecto de un campo requerido vacío: ${quote(form.messages.required ?? DEFAULT_MESSAGES.required)}. ` +
      'Un campo oculto nunca es requerido ni muestra errores, y su valor se descarta al enviar.',
    '',
  ];
  const looseFields = form.root.children.filter((c) => c.kind === 'leaf');
  if (looseFields.length) lines.push(...fieldRows(form, looseFields), '');
  let n = 0;
  for (const section of form.root.children) {
    if (section.kind === 'leaf') continue;
    n++;
    const heading = `## ${n}. ${section.node.title ?? section.key} (\`${section.key}\`)`;
    if (section.kind === 'array') {
      lines.push(...gridBlock(form, section, heading));
      continue;
    }
    lines.push(heading, '', `Visible: ${visibleText(form, section)}.`, '');
    const fields = section.children.filter((c) => c.kind === 'leaf');
    if (fields.length) lines.push(...fieldRows(form, fields), '');
    for (const sub of section.children.filter((c) => c.kind !== 'leaf')) {
      const title = `### ${sub.kind === 'array' ? 'Cuadrícula' : 'Grupo'} ${quote(sub.node.title ?? sub.key)} (\`${sub.tpath}\`)`;
      if (sub.kind === 'array') lines.push(...gridBlock(form, sub, title));
      else lines.push(title, '', `Visible: ${visibleText(form, sub)}.`, '', ...fieldRows(form, sub.children), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
