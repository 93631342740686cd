// @vitest-environment jsdom
/**
 * SwitchField draws what Mantine's Switch draws (same elements, classes, data attributes, ids and
 * ARIA links), so Mantine's stylesheet gives it the same look; a Mantine upgrade that changes its
 * markup fails here.
 */
import { describe, expect, it } from 'vitest';
import { Switch } from '@mantine/core';
import { mantineMarkup as markup } from '../../testing/mantineMarkup';
import { SwitchField } from './SwitchField';

const onChange = () => undefined;

describe('SwitchField', () => {
  it('draws a switch that is on, with its description and error, as Mantine does', () => {
    const props = { id: 'a', label: <>Es socio<span aria-hidden="true"> *</span></>, description: 'Marque si aporta capital', error: 'Indique si es socio', 'aria-invalid': true, checked: true, onChange };
    const ours = markup(<SwitchField {...props} />);
    expect(ours).toBe(markup(<Switch {...props} />));
    expect(ours).toContain('aria-describedby="a-description a-error"');
  });

  it('draws a switch that is off and disabled as Mantine does', () => {
    const props = { id: 'b', label: 'Representante ante la TSS', checked: false, disabled: true, readOnly: true, onChange };
    expect(markup(<SwitchField {...props} />)).toBe(markup(<Switch {...props} />));
  });
});
