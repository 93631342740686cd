/**
 * Types of the rule dialect. A form is a JSON Schema (draft 2020-12 subset)
 * whose nodes may carry `x-` keywords holding json-logic rules. The keywords
 * are documented for analysts in docs/rules-language.md.
 */

/** A json-logic expression (or a literal). */
export type Rule = unknown;

/** A message whose `{name}` placeholders are filled from `params` rules. */
export interface RuleMessage {
  message: string;
  params?: Record<string, Rule>;
}

export interface WarningDecl extends RuleMessage {
  /** The warning shows while this rule is truthy (and the node is visible). */
  when: Rule;
}

export interface AssertDecl extends RuleMessage {
  /** Passes while truthy; checked only when the node is visible and has a value. */
  rule: Rule;
}

export interface BoundDecl extends RuleMessage {
  /** Rule giving the bound: a number, or a YYYY-MM-DD date for date fields. */
  value: Rule;
}

/** Remote option list (select fed by an API). */
export interface SourceDecl {
  /** URL template; `{path}` placeholders take values of the data (`{fila.x}` inside a grid). */
  url: string;
  /** Dot path of the list inside the answer body (e.g. `data`). */
  items: string;
  /** Property of each item stored as the value. */
  value: string;
  /** Property (or properties joined by " - ") shown to the user. */
  label: string | string[];
  /** Items page size the URL asks for (documentation; the URL carries it). */
  pageSize?: number;
  /**
   * The list can be filtered by typing: every word typed, in any order, must
   * start a word of the option (accents, case and punctuation ignored; the
   * engine's `matchesAllWords`).
   */
  searchable?: boolean;
  /**
   * Properties of each item the search also looks in, besides the label (e.g.
   * `busqueda` of the CIIU list: the titles of the activity's division and section).
   */
  searchIn?: string | string[];
}

/** Remote lookup run by the browser (and the server on submit). */
export interface LookupDecl {
  trigger: { length: number } | { pauseMs: number };
  url: string;
  /** json-logic over `{status, body}`; truthy means the value is valid. */
  valid: Rule;
  /** Target field path (absolute, or `fila.x`) -> dot path inside `{status, body}`. */
  fill?: Record<string, string>;
  /** Fields cleared when the lookup says invalid. */
  clearOnInvalid?: string[];
  /** Field error set when invalid. */
  invalidError: string;
  messages: { pending?: string; valid?: string; invalid?: string };
  /** Info notice shown after a valid answer. */
  notice?: { message: string; durationMs: number };
}

export interface UniqueDecl {
  /** Row property that must not repeat among the rows. */
  by: string;
  message: string;
}

/** One way to fill a grid row from data already given (`x-row-copy`). */
export interface RowCopyDecl {
  /** Path of the section copied from (`datos_solicitante`), or of the grid itself: an earlier row, chosen by the citizen. */
  from: string;
  /** The button's text («Copiar los datos del solicitante»). */
  label: string;
  /** Row field -> path of the source field, relative to `from` (to the chosen row for a grid). */
  fields: Record<string, string>;
  /** Row field -> rule giving its value (e.g. the shareholder type), written before the mapped fields. */
  set?: Record<string, Rule>;
  /** Said once copied; `{n}` is the number of values copied, `{origen}` the name of the row copied from. */
  message?: string;
}

/** A node of a form file. Standard JSON Schema keywords plus the dialect's. */
export interface FormNode {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  properties?: Record<string, FormNode>;
  items?: FormNode;
  enum?: unknown[];
  oneOf?: { const: unknown; title?: string }[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  maxItems?: number;
  minItems?: number;
  default?: unknown;
  readOnly?: boolean;
  'x-visible'?: Rule;
  'x-required'?: Rule;
  'x-disabled'?: Rule;
  'x-compute'?: Rule;
  'x-warnings'?: WarningDecl[];
  'x-assert'?: AssertDecl[];
  'x-min'?: BoundDecl;
  'x-max'?: BoundDecl;
  'x-options'?: Rule;
  'x-source'?: SourceDecl;
  'x-lookup'?: LookupDecl;
  'x-unique'?: UniqueDecl;
  /** Root only: the fields, in order, whose first visible non-blank text names a request in the citizen's lists. */
  'x-request-label'?: string[];
  'x-mask'?: string;
  'x-widget'?: string;
  'x-no-paste'?: boolean;
  'x-accept'?: string[];
  'x-messages'?: Record<string, string>;
  /** Grids only: rows are listed in a table and edited or read one at a time in a dialog instead of inline. */
  'x-row-dialog'?: boolean;
  /** Grids only: buttons that fill a row's blank fields from a section or an earlier row (see RowCopyDecl). */
  'x-row-copy'?: RowCopyDecl[];
  /**
   * Grids only: the row fields whose visible answers, joined with spaces, name a row where it is read
   * back («Socio 2 · María Pérez»); a list of such lists is alternatives, the first with an answer wins.
   */
  'x-row-label'?: string[] | string[][];
  [key: `x-${string}`]: unknown;
}

export interface FormSchema extends FormNode {
  $id: string;
  $schema?: string;
  type: 'object';
  properties: Record<string, FormNode>;
}

/** Evaluation context. `today` is injectable so rules are testable. */
export interface EvalContext {
  /** YYYY-MM-DD; defaults to today's date in the Dominican Republic (UTC-4). */
  today?: string;
}

export interface PathMessage {
  path: string;
  message: string;
}

export interface Evaluation {
  /** Visible section, grid and field paths (dot paths, array indexes as numbers). */
  visible: Set<string>;
  /** Visible paths that are required. */
  required: Set<string>;
  disabled: Set<string>;
  warnings: PathMessage[];
  /** Allowed values of fields whose options depend on the data. */
  options: Record<string, unknown[]>;
  /** Resolved bounds of fields with x-min/x-max. */
  limits: Record<string, { min?: unknown; max?: unknown }>;
  /** Values of computed fields. */
  computed: Record<string, unknown>;
  /** The data with hidden and unknown values removed and computed values set. */
  data: Record<string, unknown>;
}
