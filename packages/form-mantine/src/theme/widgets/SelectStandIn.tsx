import type { FocusEventHandler, PointerEventHandler, ReactNode } from 'react';
import { ComboboxChevron, Loader } from '@mantine/core';
import { InputField, type InputFieldProps } from './InputField';

export interface SelectStandInProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  styles?: InputFieldProps['styles'];
  /** The chosen option's label ('' when none). */
  value: string;
  placeholder?: string;
  /** The list is loading: a loader where the chevron goes. */
  loading?: boolean;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-busy'?: boolean | 'true' | 'false';
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onPointerEnter?: PointerEventHandler<HTMLInputElement>;
}

/**
 * What a select looks like before Mantine's Select is there: its input with the chosen option's label,
 * the chevron (or a loader while its list loads) and the combobox's roles, drawn with Mantine's markup
 * (InputField). DeferredSelect shows it until the Select replaces it; the step drawn before the form's
 * code (preview/StepPreview.tsx) shows it too, so both look the same as the Select.
 */
export function SelectStandIn(props: SelectStandInProps) {
  const { loading, value, ...rest } = props;
  return (
    <InputField
      {...rest}
      staticSelector="Select"
      value={value}
      readOnly
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      data-stand-in=""
      rightSection={loading ? <Loader size="calc(var(--input-right-section-size) / 2)" /> : <ComboboxChevron error={props.error} />}
    />
  );
}
