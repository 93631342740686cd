// @vitest-environment jsdom
/**
 * SwitchField draws what Mantine's Switch draws (same elements, classes, data attributes, ids and
 * ARIA links), so Mantine's stylesheet gives it the same look; a Mantine upgrade that changes its
 * markup fails here. The markup is compared as InputField.test.tsx does.
 */
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider, Switch } from '@mantine/core';
import { SwitchField } from './SwitchField';

function markup(element: ReactElement): string {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>);
  return normalize(host.querySelector('div')!);
}

function normalize(element: Element): string {
  const attributes = [...element.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(' ');
  const children = [...element.childNodes].map((node) => (node.nodeType === Node.ELEMENT_NODE ? normalize(node as Element) : node.textContent)).join('');
  return `<${element.tagName.toLowerCase()} ${attributes}>${children}</${element.tagName.toLowerCase()}>`;
}

const onChange = () => undefined;

describe('SwitchField', () => {
  it('draws a switch that is on, with its description and error, as Mantine does', () => {
    const props = { id: 'a', label: <>Es socio<span aria-hidden="true"> *</span></>, description: 'Marque si aporta capital', error: 'Indique si es socio', checked: true, onChange };
    const ours = markup(<SwitchField {...props} />);
    expect(ours).toBe(markup(<Switch {...props} aria-invalid />));
    expect(ours).toContain('aria-describedby="a-description a-error"');
  });

  it('draws a switch that is off and disabled as Mantine does', () => {
    const props = { id: 'b', label: 'Representante ante la TSS', checked: false, disabled: true, readOnly: true, onChange };
    expect(markup(<SwitchField {...props} />)).toBe(markup(<Switch {...props} />));
  });
});
