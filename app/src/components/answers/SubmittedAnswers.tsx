import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { AccordionChevron, Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton, type TitleOrder } from '@mantine/core';
import { evaluate, sectionAnswers, ROW_NAME_SEPARATOR, type AnswerGroup, type AnswerItem } from '@portal/form-engine';
import { AnswerText } from '@portal/form-mantine/answers';
import { createFormApi } from '../../api/formApi';
import type { StoredDocument } from '../../api/documents';
import type { OnlineForm } from '../../lib/onlineForms';

type Data = Record<string, unknown>;
type RowGroup = Extract<AnswerGroup, { kind: 'row' }>;

/** Loads the option lists (`x-source`) whose labels the answers show. */
const formApi = createFormApi();

/** A folded review shows a grid row's name only when the row has more answers than this. */
const ROW_FOLD_MIN = 3;

/** A review folds only when it is long: more answers than this (a short form reads whole on a phone's screen or two). */
export const LONG_REVIEW = 25;

/** The visible sections of a form (`visible`: the evaluation's paths) with their answers grouped as the engine reads them back. */
export function visibleSections(form: OnlineForm, data: Data, visible: ReadonlySet<string>, documents?: readonly StoredDocument[]) {
  return form.sections.filter((s) => visible.has(s.key)).map((s) => ({ ...s, groups: sectionAnswers(s.key, s.node, data, visible, documents) }));
}

export interface SubmittedAnswersProps {
  /** The online form (its schema and sections). Required. */
  form: OnlineForm;
  /** The answers given. Required. */
  data: Data;
  /** The citizen's documents, to name file answers. Default: none. */
  documents?: StoredDocument[];
  /** Something shown beside each section's heading, never folded (the review's "Cambiar" link). Default: nothing. */
  sectionAction?: (section: { key: string; title: string }) => ReactNode;
  /** Heading level of each section (grid rows one below). Default: 3. */
  headingOrder?: TitleOrder;
  /** Prefix of the sections' heading ids (unique on the page). Default: 'rev'. */
  idPrefix?: string;
  /**
   * Sections fold (a button in their heading, `aria-expanded`), and so do long grid rows, with
   * «Mostrar todas las respuestas» / «Ocultar todas» above; all start folded but the sections
   * with errors. Only a long review folds (more than LONG_REVIEW answers); a short one is shown
   * whole. Default: false (everything shown).
   */
  foldable?: boolean;
  /** How many answers make a review long enough to fold. Default: LONG_REVIEW (25). */
  longFrom?: number;
  /** Keys of the sections with errors: marked «Con errores», and open when foldable. Default: none. */
  withErrors?: readonly string[];
}

/** Read-only answers of an online form, one card per visible section, grid rows as named sub-groups (the review page, the request page, the back office). */
export function SubmittedAnswers(props: SubmittedAnswersProps) {
  const { form, data } = props;
  // The engine's pass and the answers' grouping are each one piece of work that React cannot cut; in
  // two components, a render in a transition gives the browser its turn between them (on a slow phone,
  // ~30 and ~20 ms for a company's application: one long task together).
  const visible = useMemo(() => evaluate(form.schema, data).visible, [form, data]);
  return <AnswerSections {...props} visible={visible} />;
}

function AnswerSections({ form, data, visible, documents, sectionAction, headingOrder = 3, idPrefix = 'rev', foldable: foldableIfLong = false, longFrom = LONG_REVIEW, withErrors = [] }: SubmittedAnswersProps & { visible: ReadonlySet<string> }) {
  const sections = useMemo(() => visibleSections(form, data, visible, documents), [form, data, visible, documents]);
  const answerCount = sections.reduce((n, s) => n + s.groups.reduce((m, g) => m + g.items.length, 0), 0);
  const foldable = foldableIfLong && answerCount > longFrom;
  // The citizen's own choices; a section not yet folded or unfolded by hand is open while it has errors.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(() => new Map());

  const foldables = useMemo(
    () => sections.flatMap((s) => [s.key, ...s.groups.filter((g) => g.kind === 'row' && g.items.length > ROW_FOLD_MIN).map((g) => g.path)]),
    [sections],
  );
  const isOpen = (key: string) => !foldable || (chosen.get(key) ?? withErrors.includes(key));
  const allOpen = foldables.every(isOpen);
  const choose = (keys: readonly string[], value: boolean) => setChosen((was) => new Map([...was, ...keys.map((k) => [k, value] as const)]));
  const toggle = (key: string) => choose([key], !isOpen(key));
  const rowOrder = Math.min(headingOrder + 1, 6) as TitleOrder;

  const rowGroup = (g: RowGroup) => {
    const headingId = `${idPrefix}-${g.path}`;
    const folds = foldable && g.items.length > ROW_FOLD_MIN;
    const shown = !folds || isOpen(g.path);
    const name = (
      <span id={headingId}>
        {g.title}
        {g.label.length > 0 && ROW_NAME_SEPARATOR}
        {g.label.map((d, i) => <Fragment key={i}>{i > 0 && ' '}<AnswerText display={d} api={formApi} /></Fragment>)}
      </span>
    );
    return (
      <div key={g.path} role="group" aria-labelledby={headingId} className="answers-row">
        <Title order={rowOrder} size="h6" mb={shown ? 'xs' : 0}>
          {folds ? (
            <UnstyledButton className="answers-toggle" aria-expanded={shown} aria-controls={`${headingId}-panel`} onClick={() => toggle(g.path)}>
              <AccordionChevron aria-hidden className="answers-chevron" />
              {name}
            </UnstyledButton>
          ) : name}
        </Title>
        <div id={`${headingId}-panel`} hidden={!shown}>{answerList(g.items)}</div>
      </div>
    );
  };

  return (
    <Stack gap="lg">
      {foldable && sections.length > 0 && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" aria-expanded={allOpen} onClick={() => choose(foldables, !allOpen)}>
            {allOpen ? 'Ocultar todas' : 'Mostrar todas las respuestas'}
          </Button>
        </Group>
      )}
      {sections.map((s) => {
        const headingId = `${idPrefix}-${s.key}`;
        const shown = isOpen(s.key);
        const own = s.groups.find((g) => g.kind === 'section');
        const rows = s.groups.filter((g): g is RowGroup => g.kind === 'row');
        const hasErrors = withErrors.includes(s.key);
        const title = <span id={headingId}>{s.title}</span>;
        const mark = hasErrors && <Badge color="red" variant="light" ml="xs">Con errores</Badge>;
        return (
          <Card key={s.key} withBorder component="section" aria-labelledby={headingId} className={hasErrors ? 'answers-section-errors' : undefined}>
            <Group justify="space-between" wrap="nowrap" mb={shown ? 'sm' : 0}>
              <Title order={headingOrder} size="h4">
                {foldable ? (
                  <UnstyledButton className="answers-toggle" aria-expanded={shown} aria-controls={`${headingId}-panel`} onClick={() => toggle(s.key)}>
                    <AccordionChevron aria-hidden className="answers-chevron" />
                    {title}
                    {mark}
                  </UnstyledButton>
                ) : (
                  <>{title}{mark}</>
                )}
              </Title>
              {sectionAction?.(s)}
            </Group>
            <div id={`${headingId}-panel`} hidden={!shown}>
              <Stack gap="md">
                {(own?.items.length ?? 0) === 0 && rows.length === 0 && <Text c="dimmed" size="sm">Sin respuestas en esta sección.</Text>}
                {own && own.items.length > 0 && answerList(own.items)}
                {rows.map(rowGroup)}
              </Stack>
            </div>
          </Card>
        );
      })}
    </Stack>
  );
}

function answerList(items: AnswerItem[]) {
  if (items.length === 0) return <Text c="dimmed" size="sm">Sin respuestas.</Text>;
  return (
    <dl className="answers">
      {items.map((a) => (
        <div key={a.path}>
          <dt>{a.label}</dt>
          <dd><AnswerText display={a.display} api={formApi} /></dd>
        </div>
      ))}
    </dl>
  );
}
