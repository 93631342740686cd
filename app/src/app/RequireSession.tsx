import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { LoginForm } from '../features/auth/components/LoginForm';
import { useSession } from '../lib/session';

export interface RequireSessionProps {
  /** The page of a signed-in citizen. */
  children: ReactNode;
  /** The page's name, to tell an anonymous visitor what they are logging in for. */
  title: string;
}

/**
 * A signed-in page: an anonymous visitor sees the login form in its place, at
 * the same address, and the page itself once they have logged in (the session
 * store re-renders it): they come back to where they were going.
 */
export function RequireSession({ children, title }: RequireSessionProps) {
  const session = useSession();
  if (session) return children;
  return (
    <Stack gap="md">
      <Text>Para ver «{title}» inicie sesión con su cédula.</Text>
      <LoginForm headingOrder={1} />
    </Stack>
  );
}
