import { Group, Paper, Text } from '@mantine/core';
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { buttonId } from '@rjsf/utils';

/** One grid row: a framed group named "Fila N" with its "Eliminar" button. */
export default function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, registry, className, disabled, readonly, uiSchema } = props;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const rowLabel = `Fila ${index + 1}`;
  return (
    <Paper withBorder p="md" radius="md" className={className} role="group" aria-label={rowLabel}>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{rowLabel}</Text>
        {buttonsProps.hasRemove && (
          <RemoveButton
            id={buttonId(buttonsProps.fieldPathId, 'remove')}
            onClick={buttonsProps.onRemoveItem}
            disabled={disabled || readonly}
            aria-label={`Eliminar fila ${index + 1}`}
            uiSchema={uiSchema}
            registry={registry}
          />
        )}
      </Group>
      {children}
    </Paper>
  );
}
