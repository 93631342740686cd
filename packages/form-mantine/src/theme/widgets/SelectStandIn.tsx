import type { FocusEventHandler, PointerEventHandler } from 'react';
import { ComboboxChevron, Loader } from '@mantine/core';
import { InputField, type LabelledProps } from './InputField';

/** What an empty select says, and a select whose list is loading (the stand-in and Mantine's Select alike). */
export const CHOOSE_OPTION = 'Seleccione una opción';
export const LOADING_OPTIONS = 'Cargando opciones…';

export interface SelectStandInProps extends LabelledProps {
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
