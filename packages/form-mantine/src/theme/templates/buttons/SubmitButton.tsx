import { Button, Group } from '@mantine/core';
import type { SubmitButtonProps } from '@rjsf/utils';
import { getSubmitButtonOptions } from '@rjsf/utils';

/** The form's submit button ("Enviar"); SchemaForm hides it, the app draws its own step navigation. */
export default function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <Group mt="md">
      <Button type="submit" {...props}>{submitText && submitText !== 'Submit' ? submitText : 'Enviar'}</Button>
    </Group>
  );
}
