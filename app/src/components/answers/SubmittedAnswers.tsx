import { useMemo, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { evaluate, sectionAnswers } from '@portal/form-engine';
import { AnswerText } from '@portal/form-mantine/answers';
import { createFormApi } from '../../api/formApi';
import type { StoredDocument } from '../../api/documents';
import type { OnlineForm } from '../../lib/onlineForms';

type Data = Record<string, unknown>;

/** Loads the option lists (`x-source`) whose labels the answers show. */
const formApi = createFormApi();

/** The visible sections of a form (`visible`: the evaluation's paths) with their answers as the engine reads them back. */
export function visibleSections(form: OnlineForm, data: Data, visible: ReadonlySet<string>, documents?: readonly StoredDocument[]) {
  return form.sections.filter((s) => visible.has(s.key)).map((s) => ({ ...s, answers: sectionAnswers(s.key, s.node, data, visible, documents) }));
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
  const visible = useMemo(() => evaluate(form.schema, data).visible, [form, data]);
  const sections = useMemo(() => visibleSections(form, data, visible, documents), [form, data, visible, documents]);
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
                  <dd><AnswerText display={a.display} api={formApi} /></dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
      ))}
    </Stack>
  );
}
