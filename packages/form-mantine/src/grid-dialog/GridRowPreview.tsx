import { useMemo } from 'react';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { evaluate } from '@portal/form-engine';
import { setAt } from '../data/paths';
import { isVisible } from '../field-state/fieldView';
import { RowAnswer } from './RowAnswer';
import { rowFields } from './rowFields';
import type { RowDialogRequest } from './types';

export interface GridRowPreviewProps {
  /** The request of the grid (mode `preview`). Required. */
  request: RowDialogRequest;
  /** Closes the dialog ("Cerrar"). Required. */
  onClose(): void;
}

/** One grid row's answers, read-only: each field shown by the rules, with its value as the citizen reads it. */
export function GridRowPreview({ request, onClose }: GridRowPreviewProps) {
  const rowPath = `${request.gridPath}.${request.index}`;
  const data = useMemo(() => setAt(request.rootData, rowPath, request.row), [request, rowPath]);
  const evaluation = useMemo(() => evaluate(request.schema, data, { today: request.today }), [request, data]);
  const fields = rowFields(request.rowSchema).filter((f) => isVisible(evaluation, `${rowPath}.${f.key}`));
  const close = () => {
    request.cancel();
    onClose();
  };
  return (
    <Stack gap="md">
      <Box component="dl" m={0}>
        {fields.map((f) => (
          <Box key={f.key} mb="sm">
            <Text component="dt" size="sm" fw={600}>{f.node.title ?? f.key}</Text>
            <Text component="dd" m={0}>
              <RowAnswer node={f.node} path={`${rowPath}.${f.key}`} data={data} api={request.api} />
            </Text>
          </Box>
        ))}
      </Box>
      <Group justify="flex-end">
        <Button onClick={close}>Cerrar</Button>
      </Group>
    </Stack>
  );
}
