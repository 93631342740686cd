/**
 * The markup of the first field under a MantineProvider, comparable between Mantine's component and ours
 * (InputField, SwitchField): each element with its attributes sorted (the order React writes them in does
 * not count) and the whitespace of `aria-describedby` made single (Mantine leaves two spaces where an id
 * it does not use would go). For tests in jsdom.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';

export function mantineMarkup(element: ReactElement): string {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>);
  const root = host.querySelector('div')!;
  root.querySelectorAll('[aria-describedby]').forEach((node) => {
    node.setAttribute('aria-describedby', node.getAttribute('aria-describedby')!.split(/\s+/).join(' '));
  });
  return normalize(root);
}

function normalize(element: Element): string {
  const attributes = [...element.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(' ');
  const children = [...element.childNodes].map((node) => (node.nodeType === Node.ELEMENT_NODE ? normalize(node as Element) : node.textContent)).join('');
  const tag = element.tagName.toLowerCase();
  return `<${tag} ${attributes}>${children}</${tag}>`;
}
