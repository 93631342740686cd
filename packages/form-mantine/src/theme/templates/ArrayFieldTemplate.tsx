import { useRef } from 'react';
import { Fieldset, Group, Stack, Text } from '@mantine/core';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { buttonId } from '@rjsf/utils';
import { fieldPathOf, storeOf, useFieldView } from '../../field-state/hooks';
import { addRow } from '../../data/gridRows';
import RequiredMark from './RequiredMark';
import { useRowHeightEstimate } from './offscreen';
import { RowDialogGrid } from '../../grid-dialog/RowDialogGrid';

/** Grids: rows inline, or (`x-row-dialog`) a table of rows edited in a dialog. */
export default function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  return props.schema['x-row-dialog'] === true ? <RowDialogGrid {...props} /> : <InlineGrid {...props} />;
}

/**
 * Grids: a fieldset with the rows, the count against `maxItems` ("2 de 5"),
 * the grid's own error (e.g. at least one row required) linked to the
 * fieldset, and an "Agregar" button that RJSF disables at the limit
 * (`canAdd` is false once `maxItems` rows exist).
 */
function InlineGrid(props: ArrayFieldTemplateProps) {
  const { fieldPathId, items, canAdd, title, schema, registry, disabled, readonly, uiSchema } = props;
  const store = storeOf(registry);
  const path = fieldPathOf(registry, fieldPathId);
  const view = useFieldView(store, path);
  const id = fieldPathId.$id;
  const { AddButton } = registry.templates.ButtonTemplates;
  const max = schema.maxItems;
  const errorId = `${id}__error`;
  const countId = `${id}__count`;
  const describedBy = [view.error ? errorId : '', max !== undefined ? countId : ''].filter(Boolean).join(' ');
  const rows = useRef<HTMLDivElement>(null);
  useRowHeightEstimate(rows);

  return (
    <Fieldset
      id={id}
      tabIndex={-1}
      legend={<>{title || schema.title}{view.required && <RequiredMark />}</>}
      aria-describedby={describedBy || undefined}
      aria-invalid={view.error ? true : undefined}
    >
      {schema.description && <Text size="sm" c="dimmed" mb="sm">{schema.description}</Text>}
      {max !== undefined && (
        <Text id={countId} size="sm" c="dimmed" mb="sm" aria-live="polite">{`${items.length} de ${max}`}</Text>
      )}
      <Stack ref={rows} gap="md">{items}</Stack>
      {items.length === 0 && <Text size="sm" c="dimmed">No hay filas. Use el botón «Agregar» para añadir una.</Text>}
      {view.error && <Text id={errorId} c="var(--mantine-color-error)" size="sm" mt="sm">{view.error}</Text>}
      <Group justify="flex-start" mt="md">
        <AddButton
          id={buttonId(id, 'add')}
          // Rows are added to the app's draft (the store), which RJSF then lays out.
          onClick={() => store.env.setValues({ [path]: addRow(store.snapshot.data, path) })}
          disabled={!canAdd || disabled || readonly || view.disabled}
          uiSchema={uiSchema}
          registry={registry}
        />
      </Group>
    </Fieldset>
  );
}
