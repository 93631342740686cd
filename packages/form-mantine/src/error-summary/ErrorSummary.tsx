import { useEffect, useId, useRef } from 'react';
import { Anchor, List, Paper, Title } from '@mantine/core';
import type { FormSchema, PathMessage } from '@portal/form-engine';
import { pathToId } from '../data/pathToId';
import { describePath } from './describePath';
import { focusField } from './focusField';

export const ERROR_SUMMARY_TITLE = 'Hay errores en esta sección';

export interface ErrorSummaryProps {
  /** Errors to list, in form order. Nothing renders when empty. Required. */
  errors: PathMessage[];
  /** The form, to prefix each message with its field's name. Default: messages only. */
  schema?: FormSchema;
  /** DOM id of a field's input for a path. Default: `pathToId` (RJSF's `root_…` ids). */
  idFor?: (path: string) => string;
  /** Focus the summary whenever a new, non-empty list of errors arrives (after a failed "Siguiente" or submit). Default: true. */
  autoFocus?: boolean;
  /**
   * What counts as a new list for `autoFocus`: the summary takes focus when this changes (one value per failed
   * "Siguiente"), not when the list shrinks as fields are fixed. Default: the `errors` array itself.
   */
  focusKey?: unknown;
}

/**
 * GOV.UK-style error summary: a titled box listing each error as a link to
 * its field. The box takes focus when shown after a failed step, so screen
 * readers announce it; a link moves focus to the field's input.
 */
export function ErrorSummary({ errors, schema, idFor = pathToId, autoFocus = true, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const key = focusKey === undefined ? errors : focusKey;
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (autoFocus && hasErrors) ref.current?.focus();
    // Only a new key (a new attempt) moves focus; a field fixed meanwhile does not pull the citizen back here.
  }, [key, autoFocus]); // hasErrors is read, not followed: a list emptied or refilled within one attempt moves nothing.
  if (errors.length === 0) return null;
  // One entry per field: the first message wins, as on the field itself.
  const seen = new Set<string>();
  const shown = errors.filter((e) => {
    if (seen.has(e.path)) return false;
    seen.add(e.path);
    return true;
  });
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      withBorder
      p="md"
      mb="lg"
      style={{ borderColor: 'var(--mantine-color-red-7)', borderWidth: 4 }}
    >
      <Title order={2} size="h3" id={titleId} mb="sm">{ERROR_SUMMARY_TITLE}</Title>
      <List spacing="xs">
        {shown.map((e) => {
          const target = idFor(e.path);
          const name = schema ? describePath(schema, e.path) : '';
          return (
            <List.Item key={e.path}>
              <Anchor
                href={`#${target}`}
                c="var(--mantine-color-error)"
                fw={600}
                onClick={(event) => {
                  if (focusField(target)) event.preventDefault();
                }}
              >
                {name ? `${name}: ${e.message}` : e.message}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
