import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { isShown } from './InputField';

/**
 * An on/off switch with the DOM, classes and data attributes of Mantine's
 * Switch at its default size (the track and thumb, the label, description and
 * error beside it), styled by Mantine's own stylesheet, without its component
 * tree: the same reason and the same check as InputField (a partner's row has
 * two switches; `SwitchField.test.tsx` compares the markup with Mantine's).
 */
export interface SwitchFieldProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Set by the widget when the answer is refused (toggleProps), as with Mantine's Switch. */
  'aria-invalid'?: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
}

export function SwitchField({ id, label, description, error, checked, disabled, readOnly, 'aria-invalid': ariaInvalid, onChange, onBlur }: SwitchFieldProps) {
  const hasDescription = isShown(description);
  const hasError = isShown(error);
  const describedBy = [hasDescription && `${id}-description`, hasError && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const state = checked ? 'true' : 'false';
  return (
    <div className="m_5f93f3bb mantine-Switch-root m_5f75b09e mantine-Switch-root" data-label-position="right" data-checked={state}>
      <label className="m_5f6e695e mantine-Switch-body" htmlFor={id}>
        <input
          aria-invalid={ariaInvalid}
          readOnly={readOnly}
          disabled={disabled}
          data-checked={state}
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={describedBy}
          className="m_926b4011 mantine-Switch-input"
          checked={checked}
          onChange={onChange}
          onBlur={onBlur}
        />
        <span
          className="m_9307d992 mantine-Switch-track"
          data-error={hasError && typeof error === 'string' ? error : hasError ? 'true' : undefined}
          data-label-position="right"
          data-without-labels="true"
          aria-hidden="true"
        >
          <span className="m_93039a1d mantine-Switch-thumb" data-reduce-motion="true" data-with-thumb-indicator="true" />
          <span className="m_8277e082 mantine-Switch-trackLabel" />
        </span>
        <div className="m_d3ea56bb mantine-Switch-labelWrapper" data-disabled={disabled ? 'true' : undefined}>
          <span className="m_8ee546b8 mantine-Switch-label" data-disabled={disabled ? 'true' : undefined}>
            {label}
          </span>
          {hasDescription && (
            <p className="m_328f68c0 mantine-Switch-description m_fe47ce59 mantine-InputWrapper-description" id={`${id}-description`}>
              {description}
            </p>
          )}
          {hasError && (
            <p className="m_8e8a99cc mantine-Switch-error m_8f816625 mantine-InputWrapper-error" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
      </label>
    </div>
  );
}
