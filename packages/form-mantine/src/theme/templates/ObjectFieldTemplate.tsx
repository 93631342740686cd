import { Fieldset, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { fieldPathOf, storeOf, useFieldView } from '../../field-state/hooks';
import RequiredMark from './RequiredMark';
import { OFFSCREEN_SKIPPED } from './offscreen';

/**
 * Objects: the form's root lists its sections, a section is a fieldset with
 * its title as legend (also when SchemaForm renders it alone as a step), a
 * grid row is a plain stack (the row frame is ArrayFieldItemTemplate).
 * A section rendered alone as a step is named by the page's heading: its
 * legend stays for screen readers (the group's name) but is not shown again
 * as a box title, and the box goes.
 */
export default function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { fieldPathId, properties, title, description, registry, schema } = props;
  const path = fieldPathOf(registry, fieldPathId);
  const view = useFieldView(storeOf(registry), path);
  const isRow = typeof fieldPathId.path[fieldPathId.path.length - 1] === 'number';
  const text = typeof description === 'string' ? description : schema.description;
  const content = <Stack gap="md">{properties.map((p) => p.content)}</Stack>;

  if (path === '' || isRow) {
    return (
      <Stack gap="md">
        {path === '' && text && <Text c="dimmed">{text}</Text>}
        {content}
      </Stack>
    );
  }
  const descriptionId = `${fieldPathId.$id}__description`;
  const legend = <>{title || schema.title}{view.required && <RequiredMark />}</>;
  const isStep = fieldPathId.path.length === 0;
  return (
    <Fieldset
      id={fieldPathId.$id}
      style={OFFSCREEN_SKIPPED}
      variant={isStep ? 'unstyled' : undefined}
      legend={isStep ? <VisuallyHidden>{legend}</VisuallyHidden> : legend}
      aria-describedby={text ? descriptionId : undefined}
    >
      {text && <Text id={descriptionId} size="sm" c="dimmed" mb="sm">{text}</Text>}
      {content}
    </Fieldset>
  );
}
