/**
 * Benchmark page: the full SRL application (5 partners, 5 banks, 5 branches)
 * in the portal's SchemaForm with all sections on one page (?modo=portal) or
 * one step as the application shows it (?modo=paso, the whole draft loaded),
 * or in plain RJSF with its default theme and live validation (?modo=base),
 * for the keystroke measure.
 */
import { StrictMode, useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { registerPrecompiledValidators, type FormSchema } from '@portal/form-engine';
import { SchemaForm, type FormApi } from '@portal/form-mantine';
import { validators } from 'virtual:form-validators';
import schemaJson from '../../../schemas/formalizacion/schema.json';

registerPrecompiledValidators(validators);
const schema = schemaJson as unknown as FormSchema;

// No server here: option lists answer empty, so the measure is the form's own work.
const api: FormApi = {
  getJson: async () => ({ status: 200, body: { data: [] } }),
  listDocuments: async () => [],
  uploadDocument: async () => { throw new Error('sin servidor'); },
  documentUrl: () => '#',
  sessionId: 1,
};

/**
 * When the engine's verdict on a key reaches the screen: the app gets the
 * checked draft after the frame that showed the key (SchemaForm's change
 * queue); this records, from the first key the verdict covers, the end of the
 * frame that paints it (`window.rulesLat`; the benchmark sets `pendingKey`).
 */
function useRulesPaintedMeasure(draft: unknown): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const w = window as unknown as { pendingKey?: number | null; rulesLat?: number[] };
    const start = w.pendingKey;
    if (start === undefined || start === null) return;
    w.pendingKey = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => w.rulesLat?.push(performance.now() - start);
      channel.port2.postMessage(null);
    });
  }, [draft]);
}

function Portal({ data, section }: { data: Record<string, unknown>; section?: string }) {
  const [draft, setDraft] = useState<Record<string, unknown>>(data);
  useRulesPaintedMeasure(draft);
  return <SchemaForm schema={schema} formData={draft} onChange={setDraft} api={api} showErrors="all" section={section} />;
}

function Baseline({ data }: { data: Record<string, unknown> }) {
  const [draft, setDraft] = useState<unknown>(data);
  return <Form schema={schemaJson as object} validator={validator} formData={draft} liveValidate onChange={(e) => setDraft(e.formData)} />;
}

const mode = new URLSearchParams(location.search).get('modo');
// The application data is written beside the page by the benchmark (browserBench.ts).
void fetch('./srl-5-5-5.json').then(async (res) => {
  const data = (await res.json()) as Record<string, unknown>;
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <MantineProvider>
        {mode === 'base' ? <Baseline data={data} /> : <Portal data={data} section={mode === 'paso' ? 'datos_empresa' : undefined} />}
      </MantineProvider>
    </StrictMode>,
  );
});
