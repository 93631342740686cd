import type { ChangeEvent } from 'react';
import RequiredMark from '../templates/RequiredMark';
import type { FieldBinding } from './useField';

/**
 * Props shared by the boolean controls (Mantine Checkbox and Switch): label
 * with the requirement mark, error, state; a change counts as touching the
 * field, so its error shows at once (there is no typing to wait for).
 */
export function toggleProps(field: FieldBinding) {
  const { id, label, description, error, withAsterisk, disabled, readOnly } = field.wrapper;
  return {
    id,
    label: <>{label}{withAsterisk && <RequiredMark />}</>,
    description,
    error,
    'aria-invalid': error ? true : undefined,
    checked: field.value === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      field.choose(event.currentTarget.checked);
      field.store.touch(field.path);
    },
    onBlur: field.blur,
    disabled,
    readOnly,
  };
}
