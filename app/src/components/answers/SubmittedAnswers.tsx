import { useMemo, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { evaluate, rowScope, valueAt, type FormNode } from '@portal/form-engine';
import type { StoredDocument } from '../../api/documents';
import type { OnlineForm } from '../../lib/onlineForms';
import { AnswerValue } from './AnswerValue';

type Data = Record<string, unknown>;

/** One answered field as the citizen reads it back. */
export interface Answer {
  path: string;
  label: string;
  node: FormNode;
  value: unknown;
  scope: Record<string, unknown>;
  currency?: string;
}

/** Visible answered leaves of a section, in document order, with grid rows labelled. */
export function answersOf(section: string, node: FormNode, data: Data, visible: Set<string>): Answer[] {
  const out: Answer[] = [];
  const walk = (n: FormNode, path: string, label: string, scope: Record<string, unknown>) => {
    if (!visible.has(path) && !/\.\d+$/.test(path)) return;
    if (n.type === 'object' && n.properties) {
      for (const [k, child] of Object.entries(n.properties)) walk(child, `${path}.${k}`, child.title ?? k, scope);
      return;
    }
    if (n.type === 'array' && n.items) {
      const rows = valueAt(data, path);
      if (Array.isArray(rows)) rows.forEach((row, i) => {
        // The row's scope as rules and list URLs see it (`fila`), the engine's.
        const inRow = rowScope(data, row !== null && typeof row === 'object' && !Array.isArray(row) ? (row as Data) : {});
        for (const [k, child] of Object.entries(n.items?.properties ?? {})) walk(child, `${path}.${i}.${k}`, `${label} ${i + 1}: ${child.title ?? k}`, inRow);
      });
      return;
    }
    const value = valueAt(data, path);
    if (value === undefined || value === null || value === '') return;
    const currencyField = typeof n['x-currency-field'] === 'string' ? n['x-currency-field'] : undefined;
    out.push({ path, label, node: n, value, scope, currency: currencyField ? String(valueAt(data, currencyField) ?? 'DOP') : undefined });
  };
  walk(node, section, node.title ?? section, data);
  return out;
}

/** The visible sections of a form with their answers, as the rules see `data`. */
export function visibleSections(form: OnlineForm, data: Data) {
  const { visible } = evaluate(form.schema, data);
  return form.sections.filter((s) => visible.has(s.key)).map((s) => ({ ...s, answers: answersOf(s.key, s.node, data, visible) }));
}

export interface SubmittedAnswersProps {
  /** The online form (its schema and sections). Required. */
  form: OnlineForm;
  /** The answers given. Required. */
  data: Data;
  /** The citizen's documents, to name file answers. Default: none. */
  documents?: StoredDocument[];
  /** Something shown beside each section's heading (the review's "Cambiar" link). Default: nothing. */
  sectionAction?: (section: { key: string; title: string }) => ReactNode;
  /** Heading level of each section. Default: 3. */
  headingOrder?: TitleOrder;
  /** Prefix of the sections' heading ids (unique on the page). Default: 'rev'. */
  idPrefix?: string;
}

/** Read-only answers of an online form, one card per visible section (the review page, the request page, the back office). */
export function SubmittedAnswers({ form, data, documents, sectionAction, headingOrder = 3, idPrefix = 'rev' }: SubmittedAnswersProps) {
  const sections = useMemo(() => visibleSections(form, data), [form, data]);
  return (
    <Stack gap="lg">
      {sections.map((s) => (
        <Card key={s.key} withBorder component="section" aria-labelledby={`${idPrefix}-${s.key}`}>
          <Group justify="space-between" mb="sm">
            <Title order={headingOrder} size="h4" id={`${idPrefix}-${s.key}`}>{s.title}</Title>
            {sectionAction?.(s)}
          </Group>
          {s.answers.length === 0 ? (
            <Text c="dimmed" size="sm">Sin respuestas en esta sección.</Text>
          ) : (
            <dl className="answers">
              {s.answers.map((a) => (
                <div key={a.path}>
                  <dt>{a.label}</dt>
                  <dd><AnswerValue node={a.node} value={a.value} scope={a.scope} documents={documents} currency={a.currency} /></dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
      ))}
    </Stack>
  );
}
