import { Group, Paper, Text } from '@mantine/core';
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { buttonId } from '@rjsf/utils';
import { fieldPathOf, storeOf } from '../../field-state/hooks';
import { removeRow } from '../../data/gridRows';
import { OFFSCREEN_ROW } from './offscreen';
import { RowCopyButtons } from './RowCopyButtons';
import type { RowDialogHost } from '../../grid-dialog/types';

/** One grid row: a framed group named "Fila N" with its "Eliminar" button and its `x-row-copy` buttons. */
export default function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, registry, className, disabled, readonly, uiSchema } = props;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const rowLabel = `Fila ${index + 1}`;
  const store = storeOf(registry);
  const rowPath = fieldPathOf(registry, buttonsProps.fieldPathId);
  const gridPath = rowPath.slice(0, rowPath.lastIndexOf('.'));
  const today = (registry.formContext as { rowDialogs?: RowDialogHost } | undefined)?.rowDialogs?.today;
  const remove = () => {
    store.env.setValues({ [gridPath]: removeRow(store.snapshot.data, gridPath, index) });
  };
  return (
    <Paper withBorder p="md" radius="md" className={className} style={index === 0 ? undefined : OFFSCREEN_ROW} role="group" aria-label={rowLabel}>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{rowLabel}</Text>
        {buttonsProps.hasRemove && (
          <RemoveButton
            id={buttonId(buttonsProps.fieldPathId, 'remove')}
            onClick={remove}
            disabled={disabled || readonly}
            aria-label={`Eliminar fila ${index + 1}`}
            uiSchema={uiSchema}
            registry={registry}
          />
        )}
      </Group>
      <RowCopyButtons store={store} gridPath={gridPath} index={index} today={today} disabled={disabled || readonly} />
      {children}
    </Paper>
  );
}
