import type { CSSProperties, InputHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * A labelled `<input>` with the DOM, classes and data attributes of Mantine's
 * TextInput at its default size (label with its asterisk, description, the
 * input's wrapper, error), styled by Mantine's own stylesheet, without its
 * component tree.
 *
 * Why: a Mantine TextInput is ~8 components (InputWrapper, InputLabel,
 * InputDescription, InputError, Input, Box…), each resolving its props and
 * styles from the theme when it renders. A partner's row on the company's
 * step holds ~30 fields: drawing a row took 60–100 ms with the CPU 4× slower
 * (a cheap phone), most of it in that resolution. This draws the same
 * elements directly. The theme of the portal sets nothing on inputs (no
 * size, variant or classNames), so the default size is all there is to copy.
 * `InputField.test.tsx` renders both side by side and compares them.
 */
export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'style' | 'size'> {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  /** The look of a read-only field (useField's READ_ONLY_STYLES). */
  styles?: { input: CSSProperties };
  ref?: Ref<HTMLInputElement>;
  /** Drawn at the input's right (a loader, a select's chevron), as Mantine's `rightSection`. */
  rightSection?: ReactNode;
  /** The pointer cursor of a select. */
  pointer?: boolean;
  /** Which Mantine component's static class names to carry (`mantine-TextInput-root`…). */
  staticSelector?: 'TextInput' | 'Select';
}

const LABEL_STYLE = { '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties;
const SMALL_TEXT = 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))';
const DESCRIPTION_STYLE = { '--input-description-size': SMALL_TEXT } as CSSProperties;
const ERROR_STYLE = { '--input-error-size': SMALL_TEXT } as CSSProperties;
const HALF_XS = 'calc(var(--mantine-spacing-xs) / 2)';

function wrapperStyle(offsetTop: boolean, offsetBottom: boolean, rightSection: boolean): CSSProperties {
  const style: Record<string, string> = {};
  if (offsetTop) style['--input-margin-top'] = HALF_XS;
  if (offsetBottom) style['--input-margin-bottom'] = HALF_XS;
  style['--input-height'] = 'var(--input-height-sm)';
  style['--input-fz'] = 'var(--mantine-font-size-sm)';
  if (rightSection) style['--input-right-section-pointer-events'] = 'none';
  return style as CSSProperties;
}

/** Whether a label part (description, error) is drawn: Mantine leaves out empty ones. */
export const isShown = (node: ReactNode): boolean => node !== undefined && node !== null && node !== false && node !== '';

/** `data-*` flags as Mantine writes them: present with "true", absent otherwise. */
const flag = (on: boolean | undefined): 'true' | undefined => (on ? 'true' : undefined);

export function InputField(props: InputFieldProps) {
  const { id, label, description, error, withAsterisk, styles, rightSection, pointer, staticSelector = 'TextInput', disabled, ...input } = props;
  const hasError = isShown(error);
  const hasDescription = isShown(description);
  const s = staticSelector;
  const describedBy = [hasError && `${id}-error`, hasDescription && `${id}-description`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`m_46b77525 mantine-InputWrapper-root mantine-${s}-root`} data-size="sm" data-error={flag(hasError)}>
      <label style={LABEL_STYLE} className={`m_8fdc1311 mantine-InputWrapper-label mantine-${s}-label`} data-size="sm" data-required={flag(withAsterisk)} htmlFor={id} id={`${id}-label`}>
        {label}
        {withAsterisk && <span className={`m_78a94662 mantine-InputWrapper-required mantine-${s}-required`} aria-hidden="true"> *</span>}
      </label>
      {hasDescription && (
        <p style={DESCRIPTION_STYLE} className={`m_fe47ce59 mantine-InputWrapper-description mantine-${s}-description`} data-size="sm" id={`${id}-description`}>
          {description}
        </p>
      )}
      <div
        style={wrapperStyle(hasDescription, hasError, rightSection !== undefined)}
        className={`m_6c018570 mantine-Input-wrapper mantine-${s}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={flag(hasError)}
        data-disabled={flag(disabled)}
        data-pointer={flag(pointer)}
        data-with-right-section={flag(rightSection !== undefined)}
      >
        <input
          {...input}
          style={styles?.input}
          className={`m_8fb7ebe7 mantine-Input-input mantine-${s}-input`}
          data-variant="default"
          data-error={flag(hasError)}
          data-disabled={flag(disabled)}
          disabled={disabled}
          aria-invalid={hasError ? true : undefined}
          aria-describedby={describedBy}
          id={id}
        />
        {rightSection !== undefined && (
          <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${s}-section`}>
            {rightSection}
          </div>
        )}
      </div>
      {hasError && (
        <p style={ERROR_STYLE} className={`m_8f816625 mantine-InputWrapper-error mantine-${s}-error`} data-size="sm" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
