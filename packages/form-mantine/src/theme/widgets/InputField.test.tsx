// @vitest-environment jsdom
/**
 * InputField draws what Mantine's TextInput draws (same elements, classes, data attributes, ids and
 * ARIA links), so Mantine's stylesheet gives it the same look. Compared here with the component
 * itself, so a Mantine upgrade that changes its markup fails this test rather than the look.
 */
import { describe, expect, it } from 'vitest';
import { ComboboxChevron, InputBase, Textarea, TextInput } from '@mantine/core';
import { mantineMarkup as markup } from '../../testing/mantineMarkup';
import { InputField, TEXTAREA_ROWS, TextareaField } from './InputField';
import { READ_ONLY_STYLES } from './useField';

describe('InputField', () => {
  it('draws a plain field as Mantine does', () => {
    expect(markup(<InputField id="a" label="Nombre" withAsterisk={false} disabled={false} readOnly={false} />)).toBe(
      markup(<TextInput id="a" label="Nombre" withAsterisk={false} disabled={false} readOnly={false} />),
    );
  });

  it('draws the asterisk, the description and the error, linked to the input, as Mantine does', () => {
    const props = { id: 'b', label: 'Cédula', description: 'Sin guiones', error: 'Escriba la cédula', withAsterisk: true, 'aria-required': true, type: 'text', defaultValue: '001' } as const;
    const ours = markup(<InputField {...props} />);
    expect(ours).toBe(markup(<TextInput {...props} />));
    expect(ours).toContain('aria-describedby="b-error b-description"');
    expect(ours).toContain('aria-invalid="true"');
  });

  it('draws a disabled field and the read-only look as Mantine does', () => {
    expect(markup(<InputField id="c" label="RNC" disabled readOnly styles={READ_ONLY_STYLES} value="1" onChange={() => undefined} />)).toBe(
      markup(<TextInput id="c" label="RNC" disabled readOnly styles={READ_ONLY_STYLES} value="1" onChange={() => undefined} />),
    );
  });

  it('draws a select stand-in (pointer, chevron, Select class names) as Mantine’s InputBase does', () => {
    const common = { id: 'd', label: 'Provincia', error: 'Elija', value: 'Azua', readOnly: true, pointer: true, role: 'combobox', autoComplete: 'off' } as const;
    expect(markup(<InputField {...common} staticSelector="Select" rightSection={<ComboboxChevron error="Elija" />} />)).toBe(
      markup(<InputBase {...common} __staticSelector="Select" rightSection={<ComboboxChevron error="Elija" />} rightSectionPointerEvents="none" />),
    );
  });

  it('draws a text area as Mantine’s Textarea does, sized by its text between its bounds of lines', () => {
    const props = { id: 'e', label: 'Objeto', description: 'Qué hará la empresa', error: 'Escriba el objeto', withAsterisk: true, 'aria-required': true, maxLength: 1000, defaultValue: 'Software' } as const;
    const ours = markup(<TextareaField {...props} />);
    // The one difference: the size by CSS on the area, where Mantine's autosize would measure it by script.
    const area = /<textarea [^>]*style="([^"]*)"/.exec(ours)?.[1] ?? '';
    expect(area).toContain('field-sizing:content');
    expect(area).toContain(`min-height:calc(${TEXTAREA_ROWS.min}lh`);
    expect(area).toContain(`max-height:calc(${TEXTAREA_ROWS.max}lh`);
    expect(ours.replace(` style="${area}"`, '')).toBe(markup(<Textarea {...props} rows={TEXTAREA_ROWS.min} />));
  });
});
