/**
 * A step of an application drawn before the form's code has arrived: the
 * first fields of the section, with the draft's answers, in the markup the
 * form will draw them with (InputField, TextareaField, SelectStandIn), so the
 * form replaces them without anything moving.
 *
 * Why: on a slow phone the form's code (RJSF, the theme, the engine: ~160 KB)
 * arrives a second or more after the page's frame. A step whose largest
 * element is an answer (a long text, the company's purpose) showed nothing of
 * it until then; the citizen waited for their own data, and Lighthouse's
 * "largest contentful paint" with them (step 5: 3.6 s). The draft and the
 * form are JSON asked for with the first bundle: enough to show the answers.
 *
 * Only what is sure to look the same is drawn, from the top of the section,
 * stopping at the first field that is not (text, long text, fixed options and
 * option lists are drawn): a rule (`x-visible`,
 * `x-required` as a rule, `x-disabled`, computed values, warnings, options
 * by rule) needs the engine; masks, lookups, numbers, dates, radios, grids
 * and documents need their widgets; an option list that failed shows its
 * own error. Errors are never drawn: the form shows them once a field is
 * touched (`showErrors="touched"`), never on arrival. What is drawn is inert
 * (no focus, no typing: the form is not there to keep what is typed) and
 * hidden from assistive technology, which hears the page's loader.
 * `StepPreview.test.tsx` draws the form and the preview of every step of
 * every form in `schemas/` and compares what the preview drew.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Stack, VisuallyHidden } from '@mantine/core';
import type { FormNode, SourceDecl } from '@portal/form-engine';
import { isBlankAnswer, optionOf, sourceItemLabel } from '@portal/form-engine/answers';
import { valueAt } from '@portal/form-engine/paths';
import { sourceUrl } from '@portal/form-engine/placeholders';
import { pathToId } from '../data/pathToId';
import { widgetFor, WIDGET, type WidgetName } from '../data/rjsfSchema';
import { fieldText, InputField, TextareaField, textInputType } from '../theme/widgets/InputField';
import { CHOOSE_OPTION, LOADING_OPTIONS, SelectStandIn } from '../theme/widgets/SelectStandIn';
import { OFFSCREEN_SKIPPED } from '../theme/templates/offscreen';

/** An option list's answer as far as it has come. */
export type PreviewAnswer = { status: 'loading' } | { status: 'loaded'; body: unknown } | { status: 'failed' };

export interface StepPreviewProps {
  /** The form: the published version's schema. */
  schema: FormNode;
  /** The step: a section of the form. */
  section: string;
  /** The draft's answers. */
  data: Record<string, unknown>;
  /** The option lists' answers by URL, as far as each has come (a URL not there: as loading). */
  lists: ReadonlyMap<string, PreviewAnswer>;
  /** Drawn after the fields (the page's loader). */
  children?: ReactNode;
}

/** Keywords that change nothing a field shows when it arrives (errors show once it is touched). */
const SAME_ON_ARRIVAL = new Set(['type', 'title', 'description', 'maxLength', 'minLength', 'pattern', 'format', 'enum', 'oneOf', 'x-required', 'x-messages', 'x-assert', 'x-source', 'x-widget', 'x-placeholder']);

/** A field the preview can draw exactly: plain keywords, a literal requirement, and a widget it draws. */
function drawable(node: FormNode, widget: WidgetName): boolean {
  if (!Object.keys(node).every((key) => SAME_ON_ARRIVAL.has(key))) return false;
  const required = node['x-required'];
  if (required !== undefined && typeof required !== 'boolean') return false;
  // Formats that only change the input's type (the others have widgets of their own: dates, times).
  if (node.format !== undefined && (widget !== WIDGET.text || textInputType(node.format) === 'text')) return false;
  if (widget === WIDGET.select) return node.type === 'string' || node.type === 'integer' || node.type === 'number';
  return node.type === 'string' && (widget === WIDGET.text || widget === WIDGET.textarea || widget === WIDGET.source);
}

/** The label of a fixed option (`oneOf` `const`/`title`, or `enum`) as RJSF lists it: '' when nothing is chosen, null when the value is not an option. */
function fixedLabel(node: FormNode, value: unknown): string | null {
  if (isBlankAnswer(value)) return '';
  const option = optionOf(node, value);
  if (option) return option.title ?? String(option.const);
  return node.enum?.includes(value) ? String(value) : null;
}

interface Drawn {
  key: string;
  field: ReactNode;
  /** SourceSelectWidget's own box around the select. */
  boxed?: boolean;
}

/** The field at `path` as its widget first draws it, or null when the preview cannot. */
function drawField(node: FormNode, key: string, path: string, props: StepPreviewProps): Drawn | null {
  const widget = widgetFor(node);
  if (!drawable(node, widget)) return null;
  const required = node['x-required'] === true;
  const common = {
    id: pathToId(path),
    label: node.title || key,
    description: node.description || undefined,
    withAsterisk: required,
    disabled: false,
    'aria-required': required ? true : undefined,
  } as const;
  const value = valueAt(props.data, path);
  const placeholder = typeof node['x-placeholder'] === 'string' && node['x-placeholder'] !== '' ? node['x-placeholder'] : undefined;
  if (widget === WIDGET.textarea) {
    return { key, field: <TextareaField {...common} readOnly={false} maxLength={node.maxLength} defaultValue={fieldText(value)} placeholder={placeholder} /> };
  }
  if (widget === WIDGET.text) {
    return { key, field: <InputField {...common} readOnly={false} type={textInputType(node.format)} defaultValue={fieldText(value)} maxLength={node.maxLength} placeholder={placeholder} /> };
  }
  if (widget === WIDGET.select) {
    const label = fixedLabel(node, value);
    if (label === null) return null;
    return { key, field: <SelectStandIn {...common} value={label} placeholder={placeholder ?? CHOOSE_OPTION} /> };
  }
  const decl = node['x-source'] as SourceDecl;
  const url = sourceUrl(node, path, props.data);
  // A select waiting for another field says which (a hint the form's code writes).
  if (url === null) return null;
  const answer = props.lists.get(url) ?? { status: 'loading' };
  if (answer.status === 'failed') return null;
  const loading = answer.status === 'loading';
  const label = loading || isBlankAnswer(value) ? '' : sourceItemLabel(decl, node.type, value, answer.body);
  if (label === null) return null;
  return {
    key,
    boxed: true,
    field: (
      <SelectStandIn
        {...common}
        value={label}
        loading={loading}
        aria-busy={loading || undefined}
        placeholder={loading ? LOADING_OPTIONS : CHOOSE_OPTION}
      />
    ),
  };
}

/** Mantine's Fieldset, unstyled, as ObjectFieldTemplate draws a step (its legend for screen readers only). */
const FIELDSET_CLASS = 'm_eda993d3 m_e9408a47 mantine-Fieldset-root';
const LEGEND_CLASS = 'm_74ca27fe m_90794832 mantine-Fieldset-legend';

/** The fields of `section` the preview can draw, from the first, stopping at the first it cannot. */
export function previewFields(props: StepPreviewProps): Drawn[] {
  const node = props.schema.properties?.[props.section];
  // A step with a rule of its own, a description or a requirement is drawn by the form alone.
  if (!node || node.type !== 'object' || Object.keys(node).some((key) => !['type', 'title', 'properties'].includes(key))) return [];
  const drawn: Drawn[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const field = drawField(child, key, `${props.section}.${key}`, props);
    if (!field) break;
    drawn.push(field);
  }
  return drawn;
}

export function StepPreview(props: StepPreviewProps) {
  const { section, schema, children } = props;
  const fields = previewFields(props);
  if (fields.length === 0) return <>{children}</>;
  const title = schema.properties?.[section]?.title;
  return (
    <>
      <div inert aria-hidden="true" data-step-preview="">
        <form className="rjsf" noValidate>
          <div className="rjsf-field rjsf-field-object" data-path={section}>
            <fieldset className={FIELDSET_CLASS} data-variant="unstyled" id={pathToId(section)} style={OFFSCREEN_SKIPPED as CSSProperties}>
              <legend className={LEGEND_CLASS}>
                <VisuallyHidden>{title}</VisuallyHidden>
              </legend>
              <Stack gap="md">
                {fields.map(({ key, field, boxed }) => (
                  <div key={key} className="rjsf-field rjsf-field-string" data-path={`${section}.${key}`}>
                    {boxed ? <div>{field}</div> : field}
                  </div>
                ))}
              </Stack>
            </fieldset>
          </div>
        </form>
      </div>
      {children}
    </>
  );
}
