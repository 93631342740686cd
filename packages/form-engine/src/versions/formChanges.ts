/**
 * What changed between two versions of a form, in Spanish (issue 26): the
 * one description `forms:publish` prints before publishing, the studio shows
 * while an analyst edits, and a citizen's draft notice lists when the draft
 * moves to a new version. With the citizen's answers (`data`), each change
 * also says what it means for them: a new required question, an answer that
 * is kept in the record but no longer sent, a chosen option that is gone.
 */
import { compileForm, type Template } from '../compile/compileForm';
import { isBlankAnswer } from '../answers/answers';
import { formatNumber } from '../answers/format';
import { templateInstances, toTemplatePath } from '../paths/paths';
import { check } from '../validate/validate';
import type { FormNode, FormSchema } from '../types';

export type FormChangeKind = 'agregada' | 'quitada' | 'renombrada' | 'opciones' | 'regla' | 'mensaje' | 'tipo' | 'ayuda';

export interface FormChange {
  kind: FormChangeKind;
  /** The data path of the question or section (`*` for grid rows); '' for the form itself. */
  path: string;
  /** The change, in a sentence. */
  text: string;
  /** What it means for the citizen whose answers were given, or null (no answers given, or nothing of theirs). */
  forYou: string | null;
}

type Data = Record<string, unknown>;

/** Bounds and formats, in the words of the rule table. */
const BOUNDS: Record<string, string> = {
  minimum: 'mínimo',
  maximum: 'máximo',
  exclusiveMinimum: 'mayor que',
  exclusiveMaximum: 'menor que',
  multipleOf: 'múltiplo de',
  minLength: 'largo mínimo',
  maxLength: 'largo máximo',
  pattern: 'patrón',
  format: 'formato',
  minItems: 'filas mínimas',
  maxItems: 'filas máximas',
};

/** The dialect's rules, by what they decide. */
const RULES: Record<string, string> = {
  'x-required': 'cuándo es obligatoria',
  'x-visible': 'cuándo se muestra',
  'x-disabled': 'cuándo se puede editar',
  'x-compute': 'cómo se calcula',
  'x-options': 'qué opciones ofrece',
  'x-assert': 'sus validaciones',
  'x-warnings': 'sus advertencias',
  'x-min': 'su mínimo',
  'x-max': 'su máximo',
  'x-unique': 'qué valores no se pueden repetir',
  'x-lookup': 'la consulta que valida su respuesta',
  'x-source': 'la lista de la que toma sus opciones',
  'x-accept': 'los tipos de archivo que acepta',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const shown = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : typeof value === 'string' ? `«${value}»` : JSON.stringify(value));

/** «Título» (Sección), or «Sección» for a section. */
function named(t: Template): string {
  const title = `«${t.node.title ?? t.key}»`;
  let section: Template = t;
  while (section.parent && section.parent.tpath !== '') section = section.parent;
  if (section === t) return title;
  // A grid's row template has no title of its own: the grid names it.
  const owner = section.isRow && section.parent ? section.parent : section;
  return `${title} (${owner.node.title ?? owner.key})`;
}

const isSection = (t: Template) => t.parent !== null && t.parent.tpath === '';

function options(node: FormNode): Map<string, string> {
  const list = new Map<string, string>();
  for (const o of node.oneOf ?? []) list.set(JSON.stringify(o.const), o.title ?? String(o.const));
  for (const v of node.enum ?? []) list.set(JSON.stringify(v), String(v));
  return list;
}

/** The citizen's non-blank answers at a template path. */
function answersAt(data: Data | undefined, tpath: string): unknown[] {
  if (!data) return [];
  return templateInstances(data, tpath).map((i) => i.value).filter((v) => !isBlankAnswer(v) && !(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0));
}

const requiredAlways = (node: FormNode) => node['x-required'] === true;

/** The changes from `before` to `after`, in the order of `after` (questions removed: in the order of `before`, last). */
export function formChanges(before: FormSchema, after: FormSchema, data?: Data): FormChange[] {
  const old = compileForm(before);
  const now = compileForm(after);
  const changes: FormChange[] = [];
  const add = (kind: FormChangeKind, path: string, text: string, forYou: string | null = null) => changes.push({ kind, path, text, forYou });
  const counted = (t: Template) => t.tpath !== '' && !t.isRow;
  // With the citizen's answers: what the new version says of them, by question.
  const refused = new Map<string, string>();
  if (data) for (const e of check(after, data).errors) if (!refused.has(toTemplatePath(e.path))) refused.set(toTemplatePath(e.path), e.message);
  const verdict = (tpath: string, otherwise: string | null) => {
    const message = refused.get(tpath);
    return message ? `Su respuesta ya no cumple la regla: ${message}.`.replace(/\.\.$/, '.') : otherwise;
  };

  for (const t of now.templates.filter(counted)) {
    const was = old.byPath.get(t.tpath);
    if (!was) {
      // A question inside a new section is part of that section's news.
      if (t.parent && t.parent.tpath !== '' && !old.byPath.has(t.parent.tpath) && !t.parent.isRow) continue;
      if (t.parent?.isRow && t.parent.parent && !old.byPath.has(t.parent.parent.tpath)) continue;
      if (isSection(t)) {
        add('agregada', t.tpath, `Nueva sección ${named(t)}`, data ? 'Revise la nueva sección y responda lo que pida.' : null);
      } else {
        const required = requiredAlways(t.node) ? ' obligatoria' : t.node['x-required'] ? ' (obligatoria en algunos casos)' : '';
        add('agregada', t.tpath, `Nueva pregunta${required} ${named(t)}`, data && t.node['x-required'] ? 'Debe responderla antes de enviar.' : null);
      }
      continue;
    }
    const a = was.node;
    const b = t.node;
    if ((a.title ?? t.key) !== (b.title ?? t.key)) add('renombrada', t.tpath, `«${a.title ?? t.key}» ahora se llama ${named(t)}`);
    if (a.type !== b.type || a['x-widget'] !== b['x-widget'] || a['x-mask'] !== b['x-mask']) {
      add('tipo', t.tpath, `Cambió el tipo de respuesta de ${named(t)}`, answersAt(data, t.tpath).length > 0 ? 'Revise su respuesta.' : null);
    }
    if ((a.description ?? '') !== (b.description ?? '')) add('ayuda', t.tpath, `Cambió la ayuda de ${named(t)}`);

    const [was_, is_] = [options(a), options(b)];
    if (was_.size > 0 || is_.size > 0) {
      const gone = [...was_].filter(([k]) => !is_.has(k));
      const added = [...is_].filter(([k]) => !was_.has(k));
      const renamed = [...is_].filter(([k, title]) => was_.has(k) && was_.get(k) !== title);
      if (gone.length + added.length + renamed.length > 0) {
        const parts = [
          ...gone.map(([, title]) => `se quitó «${title}»`),
          ...added.map(([, title]) => `se agregó «${title}»`),
          ...renamed.map(([k, title]) => `«${was_.get(k)}» ahora es «${title}»`),
        ];
        const mine = answersAt(data, t.tpath).flatMap((v) => (Array.isArray(v) ? v : [v])).map((v) => JSON.stringify(v));
        const lost = gone.filter(([k]) => mine.includes(k));
        add('opciones', t.tpath, `Cambiaron las opciones de ${named(t)}: ${parts.join('; ')}`,
          lost.length > 0 ? `Su respuesta ${lost.map(([, title]) => `«${title}»`).join(', ')} ya no es una opción: elija otra.` : null);
      }
    }

    for (const [key, words] of Object.entries(BOUNDS)) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (same(x, y)) continue;
      const text = x === undefined ? `ahora tiene ${words} ${shown(y)}` : y === undefined ? `ya no tiene ${words} (era ${shown(x)})` : `${words} ${shown(x)} → ${shown(y)}`;
      add('regla', t.tpath, `Cambió una regla de ${named(t)}: ${text}`, verdict(t.tpath, null));
    }
    for (const [key, words] of Object.entries(RULES)) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (same(x, y)) continue;
      if (key === 'x-required' && (x === true || x === undefined || x === false) && (y === true || y === undefined || y === false)) {
        add('regla', t.tpath, y === true ? `${named(t)} ahora es obligatoria` : `${named(t)} ya no es obligatoria`,
          y === true && data && answersAt(data, t.tpath).length === 0 ? 'Debe responderla antes de enviar.' : null);
        continue;
      }
      add('regla', t.tpath, `Cambió ${words} ${named(t)}`, verdict(t.tpath, null));
    }
    const [ma, mb] = [a['x-messages'] ?? {}, b['x-messages'] ?? {}];
    for (const key of new Set([...Object.keys(ma), ...Object.keys(mb)])) {
      if (ma[key] === mb[key]) continue;
      add('mensaje', t.tpath, mb[key] === undefined ? `${named(t)} ya no tiene el mensaje «${ma[key]}»` : ma[key] === undefined ? `${named(t)} tiene un mensaje nuevo: «${mb[key]}»` : `Cambió un mensaje de ${named(t)}: «${ma[key]}» → «${mb[key]}»`);
    }
  }

  for (const t of old.templates.filter(counted)) {
    if (now.byPath.has(t.tpath)) continue;
    if (t.parent && t.parent.tpath !== '' && !now.byPath.has(t.parent.tpath) && !t.parent.isRow) continue;
    if (t.parent?.isRow && t.parent.parent && !now.byPath.has(t.parent.parent.tpath)) continue;
    const answered = answersAt(data, t.tpath).length > 0;
    add('quitada', t.tpath, `${isSection(t) ? 'Se quitó la sección' : 'Ya no se pregunta'} ${named(t)}`,
      answered ? 'Su respuesta se conserva en el registro de su borrador, pero ya no se enviará.' : null);
  }

  const [fa, fb] = [old.messages, now.messages];
  for (const key of new Set([...Object.keys(fa), ...Object.keys(fb)])) {
    if (fa[key] !== fb[key]) add('mensaje', '', `Cambió el mensaje general «${key}»: «${fa[key] ?? ''}» → «${fb[key] ?? ''}»`);
  }
  if ((before.title ?? '') !== (after.title ?? '')) add('renombrada', '', `El formulario ahora se llama «${after.title ?? ''}»`);
  return changes;
}
