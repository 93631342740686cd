import { useCallback, useLayoutEffect, useRef, type CSSProperties, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

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
/** What labels a field: the same for a one-line input, a text area and a select's stand-in. */
export interface LabelledProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  /** The look of a read-only field (useField's READ_ONLY_STYLES). */
  styles?: { input: CSSProperties };
}

export interface InputFieldProps extends LabelledProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'style' | 'size' | 'id'> {
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

function wrapperStyle(offsetTop: boolean, offsetBottom: boolean, rightSection: boolean, multiline: boolean): CSSProperties {
  const style: Record<string, string> = {};
  if (offsetTop) style['--input-margin-top'] = HALF_XS;
  if (offsetBottom) style['--input-margin-bottom'] = HALF_XS;
  style['--input-height'] = 'var(--input-height-sm)';
  style['--input-fz'] = 'var(--mantine-font-size-sm)';
  if (multiline) style['--input-padding-y'] = 'var(--input-padding-y-sm)';
  if (rightSection) style['--input-right-section-pointer-events'] = 'none';
  return style as CSSProperties;
}

/** The text an input shows for a stored value (nothing for none). */
export const fieldText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** The `type` of a text field's input for the node's `format` (the phone's keyboard follows it). */
export function textInputType(format: string | undefined): string {
  return format === 'email' ? 'email' : format === 'telefono' ? 'tel' : format === 'sitio-web' ? 'url' : 'text';
}

/** Whether a label part (description, error) is drawn: Mantine leaves out empty ones. */
export const isShown = (node: ReactNode): boolean => node !== undefined && node !== null && node !== false && node !== '';

/** `data-*` flags as Mantine writes them: present with "true", absent otherwise. */
const flag = (on: boolean | undefined): 'true' | undefined => (on ? 'true' : undefined);

/** The attributes Mantine puts on the control itself (`<input>` or `<textarea>`). */
interface ControlAttributes {
  id: string;
  className: string;
  style: CSSProperties | undefined;
  'data-variant': 'default';
  'data-error': 'true' | undefined;
  'data-disabled': 'true' | undefined;
  disabled: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FrameProps extends LabelledProps {
  staticSelector: 'TextInput' | 'Select' | 'Textarea';
  rightSection?: ReactNode;
  pointer?: boolean;
  multiline?: boolean;
  control(attributes: ControlAttributes): ReactNode;
}

/** Mantine's InputWrapper and Input around a control: label with its asterisk, description, the input's wrapper, error. */
function FieldFrame({ id, label, description, error, withAsterisk, styles, rightSection, pointer, staticSelector: s, disabled, multiline = false, control }: FrameProps) {
  const hasError = isShown(error);
  const hasDescription = isShown(description);
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
        style={wrapperStyle(hasDescription, hasError, rightSection !== undefined, multiline)}
        className={`m_6c018570 mantine-Input-wrapper mantine-${s}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={flag(hasError)}
        data-disabled={flag(disabled)}
        data-pointer={flag(pointer)}
        data-multiline={flag(multiline)}
        data-with-right-section={flag(rightSection !== undefined)}
      >
        {control({
          id,
          className: `m_8fb7ebe7 mantine-Input-input mantine-${s}-input`,
          style: styles?.input,
          'data-variant': 'default',
          'data-error': flag(hasError),
          'data-disabled': flag(disabled),
          disabled,
          'aria-invalid': hasError ? true : undefined,
          'aria-describedby': describedBy,
        })}
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

export function InputField(props: InputFieldProps) {
  const { id, label, description, error, withAsterisk, styles, rightSection, pointer, staticSelector = 'TextInput', disabled, ...input } = props;
  const frame = { id, label, description, error, withAsterisk, styles, rightSection, pointer, staticSelector, disabled };
  return <FieldFrame {...frame} control={(attributes) => <input {...input} {...attributes} />} />;
}

export interface TextareaFieldProps extends LabelledProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'style' | 'id' | 'rows'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** Mantine's input border (Input.module.css). */
const BORDER_WIDTH = 'calc(0.0625rem * var(--mantine-scale))';

/** Lines a text area shows at least, and at most before it scrolls. */
export const TEXTAREA_ROWS = { min: 3, max: 12 } as const;

/**
 * The text area's height follows its text, from TEXTAREA_ROWS.min lines to TEXTAREA_ROWS.max, by CSS
 * (`field-sizing: content`), not measured by script on every key as Mantine's `autosize` does: the
 * same text gives the same height wherever it is drawn (the step's preview before the form's code, then
 * the form). The bounds are lines of the area's own line height plus its padding and border, as
 * `autosize`'s rows. Browsers without `field-sizing` keep `rows` lines and scroll (TextareaWidget grows them).
 */
const linesHigh = (lines: number) => `calc(${lines}lh + 2 * var(--input-padding-y) + 2 * ${BORDER_WIDTH})`;
const TEXTAREA_SIZE = { fieldSizing: 'content', minHeight: linesHigh(TEXTAREA_ROWS.min), maxHeight: linesHigh(TEXTAREA_ROWS.max) } as CSSProperties;

/** Whether the browser sizes a text area to its text by CSS (`field-sizing: content`; not Firefox yet). */
const sizedByCss = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Without `field-sizing`, the area is grown to its text when drawn and as it is typed in (its max-height still caps it). */
function useGrowWithText(): (area: HTMLTextAreaElement | null) => void {
  const area = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const element = area.current;
    if (!element || sizedByCss()) return;
    const grow = () => {
      element.style.height = 'auto';
      element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
    };
    grow();
    element.addEventListener('input', grow);
    return () => element.removeEventListener('input', grow);
  }, []);
  return useCallback((element) => {
    area.current = element;
  }, []);
}

/** A labelled `<textarea>` with the markup of Mantine's Textarea at its default size (see InputField), sized by its text. */
export function TextareaField(props: TextareaFieldProps) {
  const { id, label, description, error, withAsterisk, styles, disabled, ref, ...area } = props;
  const grown = useGrowWithText();
  const refs = useCallback((element: HTMLTextAreaElement | null) => {
    grown(element);
    if (typeof ref === 'function') ref(element);
    else if (ref) (ref as { current: HTMLTextAreaElement | null }).current = element;
  }, [grown, ref]);
  const frame = { id, label, description, error, withAsterisk, styles: { input: { ...TEXTAREA_SIZE, ...styles?.input } }, disabled };
  return <FieldFrame {...frame} staticSelector="Textarea" multiline control={(attributes) => <textarea rows={TEXTAREA_ROWS.min} {...area} {...attributes} ref={refs} />} />;
}
