import { useEffect, useState } from 'react';
import { expandUrl, sourceItems, sourceValue, type FormNode } from '@portal/form-engine';
import { formatAmount } from '@portal/form-mantine/currency';
import { applyMask } from '@portal/form-mantine/mask';
import { createFormApi } from '../../api/formApi';
import type { StoredDocument } from '../../api/documents';

const formApi = createFormApi();
const sourceCache = new Map<string, Promise<unknown>>();

/** The label of a value chosen from a remote list (provincia, CIIU, banco, ...). */
function SourceLabel({ node, value, scope }: { node: FormNode; value: unknown; scope: Record<string, unknown> }) {
  const source = node['x-source'];
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    if (!source) return;
    const url = expandUrl(source.url, scope);
    if (!url) return;
    if (!sourceCache.has(url)) sourceCache.set(url, formApi.getJson(url).then((a) => a.body));
    let live = true;
    void sourceCache.get(url)?.then((body) => {
      // The engine reads the answer and compares ids as the form stored them (a service's "7" is the integer field's 7).
      const item = sourceItems(source, body).find((i) => sourceValue(i[source.value], node.type) === value);
      if (live && item) setLabel([source.label].flat().map((l) => String(item[l] ?? '')).join(' - '));
    });
    return () => {
      live = false;
    };
  }, [source, value, scope, node.type]);
  return <>{label ?? String(value)}</>;
}

export interface AnswerValueProps {
  /** The field's schema node. Required. */
  node: FormNode;
  /** The value given. Required. */
  value: unknown;
  /** Data rules see (root plus `fila`), for option lists that depend on other fields. Required. */
  scope: Record<string, unknown>;
  /** The citizen's documents, to name file answers. Default: none. */
  documents?: StoredDocument[];
  /** Currency of an amount (from x-currency-field). Default: DOP. */
  currency?: string;
}

/** One answer as the citizen should read it: option titles, Sí/No, amounts in RD$, document names. */
export function AnswerValue({ node, value, scope, documents, currency }: AnswerValueProps) {
  if (node['x-source']) return <SourceLabel node={node} value={value} scope={scope} />;
  const option = node.oneOf?.find((o) => o.const === value);
  if (option) return <>{option.title ?? String(value)}</>;
  if (typeof value === 'boolean') return <>{value ? 'Sí' : 'No'}</>;
  if (node['x-widget'] === 'file') {
    const doc = documents?.find((d) => d.id === value);
    return <>{doc ? `${doc.name}.${doc.extension}` : `Documento ${String(value)}`}</>;
  }
  if (node['x-widget'] === 'currency' && typeof value === 'number') return <>{formatAmount(value, currency ?? 'DOP')}</>;
  if (node.format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return <>{value.split('-').reverse().join('/')}</>;
  // Cédula, phones and RNC as the citizen typed them: ###-#######-#, (###) ###-####.
  if (typeof node['x-mask'] === 'string' && typeof value === 'string') return <>{applyMask(value, node['x-mask'])}</>;
  return <>{String(value)}</>;
}
