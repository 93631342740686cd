import { useMemo } from 'react';
import { Alert, Box, Stack } from '@mantine/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import { FieldContext } from '../../field-state/FieldContext';
import { fieldPathOf, storeOf, useFieldView } from '../../field-state/hooks';

/**
 * Wraps every field, section and grid. Maps RJSF v6's `fieldPathId.path`
 * (strings and numeric row indexes) to our dot path, renders nothing while the
 * engine says the path is hidden, hands the path to the widget below and shows
 * the engine's warnings (non-blocking) under the field. Label, required mark
 * and error are drawn by the widget, on the Mantine input they belong to.
 */
export default function FieldTemplate(props: FieldTemplateProps) {
  const { fieldPathId, children, registry, classNames, style } = props;
  const path = fieldPathOf(registry, fieldPathId);
  const id = fieldPathId.$id;
  const view = useFieldView(storeOf(registry), path);
  const location = useMemo(() => ({ path, id }), [path, id]);
  if (!view.visible || props.hidden) return null;
  return (
    <FieldContext value={location}>
      <Box className={classNames} style={style} data-path={path}>
        {children}
        {view.warnings.length > 0 && (
          <Stack gap="xs" mt="xs">
            {view.warnings.map((message) => (
              <Alert key={message} color="yellow" variant="light" role="status" id={`${id}__warning`}>
                {message}
              </Alert>
            ))}
          </Stack>
        )}
      </Box>
    </FieldContext>
  );
}
