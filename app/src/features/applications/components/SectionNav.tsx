import { Badge, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import type { FormPaths } from '../../../config/paths';

export type SectionStatus = 'completa' | 'incompleta' | 'con-errores';

const LABEL: Record<SectionStatus, { text: string; color: string }> = {
  completa: { text: 'Completa', color: 'green' },
  incompleta: { text: 'Incompleta', color: 'gray' },
  'con-errores': { text: 'Con errores', color: 'red' },
};

export interface SectionNavProps {
  /** The addresses of the form's pages. Required. */
  paths: FormPaths;
  /** Application id. Required. */
  applicationId: number;
  /** Visible sections, in order, with their status. Required. */
  sections: { key: string; title: string; status: SectionStatus }[];
  /** Key of the current step. Required. */
  current: string;
}

/** The task list: only the visible sections, each with its status (GOV.UK task list pattern). */
export function SectionNav({ paths, applicationId, sections, current }: SectionNavProps) {
  return (
    <nav aria-label="Secciones de la solicitud">
      <Text fw={700} mb="xs">Secciones</Text>
      <Stack gap={2} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sections.map((s, i) => (
          <li key={s.key}>
            <NavLink
              component={Link}
              href={paths.application(applicationId, s.key)}
              active={s.key === current}
              aria-current={s.key === current ? 'step' : undefined}
              label={`${i + 1}. ${s.title}`}
              // The status is part of the link's name; the hidden comma keeps it from running into the title ("AdjuntarIncompleta").
              rightSection={<Badge size="xs" color={LABEL[s.status].color} variant="light"><VisuallyHidden>, </VisuallyHidden>{LABEL[s.status].text}</Badge>}
            />
          </li>
        ))}
        <li>
          <NavLink component={Link} href={paths.review(applicationId)} label="Revisar y enviar" />
        </li>
      </Stack>
    </nav>
  );
}
