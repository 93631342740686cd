import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

export interface InfoPageProps {
  /** The page's h1 (the route registry's title). Required. */
  title: string;
  /** One sentence under the title. */
  lead?: string;
  /** The sections. Required. */
  children: ReactNode;
}

/** The frame of the portal's information pages: a readable column (about 70 characters a line) with the h1 and a lead. */
export function InfoPage({ title, lead, children }: InfoPageProps) {
  return (
    <Stack gap="md" maw="44rem" className="info-page">
      <Title order={1}>{title}</Title>
      {lead && <Text size="lg">{lead}</Text>}
      {children}
    </Stack>
  );
}
