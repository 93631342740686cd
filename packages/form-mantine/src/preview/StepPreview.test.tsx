// @vitest-environment jsdom
/**
 * The step drawn before the form's code (StepPreview) draws what the form will draw: for every
 * step of every form in `schemas/`, with each of its valid fixtures, the form (SchemaForm, selects as
 * their stand-ins as in the built portal) and the preview are drawn with the same answers and option
 * lists, and the preview's fields are compared with the form's first fields, element by element
 * (attributes sorted). A theme change that moves the form away from the preview fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { FormNode, FormSchema, SourceDecl } from '@portal/form-engine';
import { sourceUrl } from '@portal/form-engine/placeholders';
import { installMantineJsdomShims } from '../testing/mantineInJsdom';
import { SchemaForm } from '../schema-form/SchemaForm';
import { deferSelectsForTests } from '../theme/widgets/DeferredSelect';
import type { FormApi } from '../types';
import { listsByUrl, offlineFormApi } from '../testing/offlineFormApi';
import { previewFields, StepPreview, type PreviewAnswer } from './StepPreview';

beforeAll(() => {
  installMantineJsdomShims();
  // Never idle: the selects stay stand-ins, as the form first draws them in the built portal.
  vi.stubGlobal('requestIdleCallback', () => 0);
  deferSelectsForTests(true);
});
afterAll(() => {
  deferSelectsForTests(false);
  vi.unstubAllGlobals();
});
afterEach(() => cleanup());

const SCHEMAS = join(__dirname, '../../../../schemas');

/** Every form with its valid fixtures. */
const forms = readdirSync(SCHEMAS).flatMap((name) => {
  const valid = join(SCHEMAS, name, 'fixtures/valid');
  let fixtures: string[] = [];
  try {
    fixtures = readdirSync(valid).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const schema = JSON.parse(readFileSync(join(SCHEMAS, name, 'schema.json'), 'utf8')) as FormSchema;
  return fixtures.map((fixture) => {
    const { data, today } = JSON.parse(readFileSync(join(valid, fixture), 'utf8')) as { data: Record<string, unknown>; today?: string };
    return { name, fixture, schema, data, today };
  });
});

/** Option lists holding the chosen values of a step's selects (labelled «Opción <value>»), by URL. */
function listsFor(node: FormNode, section: string, data: Record<string, unknown>): Map<string, unknown> {
  const lists = new Map<string, unknown>();
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const decl = child['x-source'] as SourceDecl | undefined;
    const path = `${section}.${key}`;
    const url = decl && sourceUrl(child, path, data);
    if (!decl || !url) continue;
    const value = (data[section] as Record<string, unknown> | undefined)?.[key];
    const item: Record<string, unknown> = { [decl.value]: value ?? 'x' };
    for (const label of [decl.label].flat()) if (label !== decl.value) item[label] = `Opción ${String(value)}`;
    // Selects reading one list (the two activities) share its answer.
    const body = (lists.get(url) ?? {}) as Record<string, unknown>;
    let at = body;
    const segments = decl.items.split('.');
    segments.slice(0, -1).forEach((segment) => {
      at = (at[segment] ??= {}) as Record<string, unknown>;
    });
    const last = segments[segments.length - 1];
    at[last] = [...((at[last] as unknown[] | undefined) ?? []), item];
    lists.set(url, body);
  }
  return lists;
}

function normalize(element: Element): string {
  const attributes = [...element.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(' ');
  const children = [...element.childNodes].map((node) => (node.nodeType === Node.ELEMENT_NODE ? normalize(node as Element) : node.textContent)).join('');
  const tag = element.tagName.toLowerCase();
  return `<${tag} ${attributes}>${children}</${tag}>`;
}

/** The form's markup with only its first `count` fields (the preview stops where it cannot go on). */
function firstFields(form: Element, count: number): string {
  const copy = form.cloneNode(true) as Element;
  const stack = copy.querySelector('fieldset > .mantine-Stack-root');
  [...(stack?.children ?? [])].slice(count).forEach((field) => field.remove());
  return normalize(copy);
}

const api = (lists: Map<string, unknown>): FormApi => offlineFormApi(listsByUrl(lists));

describe('StepPreview', () => {
  const steps = forms.flatMap((form) => Object.keys(form.schema.properties).map((section) => ({ ...form, section })));
  const drawnSomewhere = new Set<string>();

  it.each(steps)('draws the first fields of $name, $section ($fixture) as the form does', async ({ schema, data, today, section }) => {
    const lists = listsFor(schema.properties[section], section, data);
    const loaded = new Map<string, PreviewAnswer>([...lists].map(([url, body]) => [url, { status: 'loaded', body }]));
    const props = { schema, section, data, lists: loaded };
    const count = previewFields(props).length;
    if (count === 0) return;
    drawnSomewhere.add(section);

    const { container: formBox } = render(
      <MantineProvider env="test">
        <SchemaForm schema={schema} formData={data} onChange={() => undefined} api={api(lists)} section={section} today={today} showErrors="touched" />
      </MantineProvider>,
    );
    const form = formBox.querySelector('form') as HTMLFormElement;
    // The option lists have arrived (a select shows its loader until then).
    await waitFor(() => expect(form.querySelector('[aria-busy="true"]')).toBeNull());
    const { container: previewBox } = render(
      <MantineProvider env="test">
        <StepPreview {...props} />
      </MantineProvider>,
    );
    const preview = previewBox.querySelector('[data-step-preview] form') as HTMLFormElement;
    expect(normalize(preview)).toBe(firstFields(form, count));
  });

  it('draws the company’s purpose on the formalization’s activities step, after its two activities', () => {
    const { schema, data } = forms.find((f) => f.name === 'formalizacion') ?? forms[0];
    const section = 'actividades_empresariales';
    const lists = listsFor(schema.properties[section], section, data);
    const every = (answer: (body: unknown) => PreviewAnswer) => new Map<string, PreviewAnswer>([...lists].map(([url, body]) => [url, answer(body)]));
    const loaded = previewFields({ schema, section, data, lists: every((body) => ({ status: 'loaded', body })) });
    expect(loaded.map((f) => f.key)).toEqual(['actividad_principal', 'actividad_secundaria', 'objeto_de_la_empresa']);
    // Lists still loading: the selects show their loader, the text is drawn all the same.
    expect(previewFields({ schema, section, data, lists: every(() => ({ status: 'loading' })) })).toHaveLength(3);
    // A list that failed shows its own error with the form: the preview stops before it.
    expect(previewFields({ schema, section, data, lists: every(() => ({ status: 'failed' })) })).toHaveLength(0);
    // A value the list does not hold: stopped too.
    expect(previewFields({ schema, section, data, lists: every(() => ({ status: 'loaded', body: { data: [] } })) })).toHaveLength(0);
  });

  it('draws the selects whose list is still loading as the form does (placeholder, loader, busy)', async () => {
    const { schema, data, today } = forms.find((f) => f.name === 'formalizacion') ?? forms[0];
    const section = 'actividades_empresariales';
    const never: FormApi = { ...api(new Map()), getJson: () => new Promise(() => undefined) };
    const { container: formBox } = render(
      <MantineProvider env="test">
        <SchemaForm schema={schema} formData={data} onChange={() => undefined} api={never} section={section} today={today} showErrors="touched" />
      </MantineProvider>,
    );
    const form = formBox.querySelector('form') as HTMLFormElement;
    await waitFor(() => expect(form.querySelectorAll('[aria-busy="true"]')).toHaveLength(2));
    const { container: previewBox } = render(
      <MantineProvider env="test">
        <StepPreview schema={schema} section={section} data={data} lists={new Map()} />
      </MantineProvider>,
    );
    expect(normalize(previewBox.querySelector('[data-step-preview] form') as HTMLFormElement)).toBe(firstFields(form, 3));
  });

  it('draws something on the activities step and another (the comparison above is not empty)', () => {
    expect(drawnSomewhere).toContain('actividades_empresariales');
    expect(drawnSomewhere.size).toBeGreaterThanOrEqual(2);
  });
});
