/**
 * The analyst's studio (issue 26 §3), only in the dev server (`npm run forms:studio`; the route is
 * not in a build): /estudio/<form> shows, for the schema.json the analyst edits in their own editor,
 * after every save: the form as a citizen sees it at phone and desktop width (two frames of
 * /estudio/<form>/vista, with the lookups and lists answered by the portal's sandbox), the lint's
 * issues with their JSON paths (and nothing else while the file does not parse, with the parse
 * error's line and column), each fixture's verdict, the rule table of docs/forms/ and what
 * publishing would change, in the words `forms:publish` prints.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Code, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'wouter';
import { STUDIO_EVENT, type StudioState } from '@portal/form-engine';
import { SchemaForm } from '@portal/form-mantine';
import { createFormApi } from '../../api/formApi';
import { openRowDialog } from '../../components/rowDialog';

const formApi = createFormApi();

/** The studio's answer for `form`, asked again on every save under schemas/. */
function useStudio(form: string) {
  const [state, setState] = useState<StudioState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // One more for each answer: the preview's form is built again from the changed file (what was typed in it stays).
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    let stale = false;
    // Saves close together ask again before the last answer arrived: only the newest question's answer is shown.
    let asked = 0;
    let shown = 0;
    const load = () => {
      const mine = ++asked;
      fetch(`/__estudio/${encodeURIComponent(form)}`)
        .then(async (res) => {
          if (!res.ok) throw new Error(`el servidor de desarrollo respondió ${res.status}`);
          return (await res.json()) as StudioState;
        })
        .then((next) => {
          if (stale || mine < shown) return;
          shown = mine;
          setState(next);
          setRevision((r) => r + 1);
          setProblem(null);
        })
        .catch((error: unknown) => !stale && setProblem((error as Error).message));
    };
    load();
    const onChange = (data: { form?: string }) => {
      if (data.form === form) load();
    };
    import.meta.hot?.on(STUDIO_EVENT, onChange);
    return () => {
      stale = true;
      import.meta.hot?.off(STUDIO_EVENT, onChange);
    };
  }, [form]);
  return { state, problem, revision };
}

/** /estudio/<form>/vista: the form alone, as a citizen sees it (every section), in a frame of the studio. */
function Preview({ form }: { form: string }) {
  const { state, revision } = useStudio(form);
  const [data, setData] = useState<Record<string, unknown>>({});
  if (!state?.schema || state.lint.length > 0) return <Text size="sm">Sin vista mientras el formulario tenga errores.</Text>;
  return (
    <Box p="md">
      <Title order={1} size="h3" mb="sm">{state.schema.title ?? form}</Title>
      <SchemaForm key={revision} schema={state.schema} formData={data} onChange={(next) => setData(next as Record<string, unknown>)} api={formApi} openRowDialog={openRowDialog} />
    </Box>
  );
}

export function StudioPage() {
  const params = useParams<{ form: string; vista?: string }>();
  const form = params.form;
  const { state, problem } = useStudio(form);
  if (params.vista === 'vista') return <Preview form={form} />;
  return (
    <Stack gap="md" p="md">
      <Title order={1}>Estudio del formulario {form}</Title>
      <Text size="sm">
        Edite <Code>schemas/{form}/schema.json</Code> y sus ejemplos en su editor: cada vez que guarde, esta página se actualiza. Cuando los
        ejemplos den lo esperado, publíquelo con <Code>npm run forms:publish -- schemas/{form}</Code>.
      </Text>
      {problem && <Alert color="red" role="alert">No se pudo revisar el formulario: {problem}</Alert>}
      {!state && !problem && <Loader role="progressbar" aria-label="Revisando el formulario" />}
      {state?.parseError && (
        <Alert color="red" role="alert" title="El archivo no es JSON válido">
          {state.file}, línea {state.parseError.line}, columna {state.parseError.column}: {state.parseError.message}
        </Alert>
      )}
      {state && !state.parseError && <Checked state={state} form={form} />}
    </Stack>
  );
}

function Checked({ state, form }: { state: StudioState; form: string }) {
  const passed = state.fixtures.filter((f) => f.ok).length;
  return (
    <>
      <Text size="sm" c="dimmed" role="status">Revisado en {state.tookMs} ms.</Text>
      <section aria-labelledby="estudio-lint">
        <Title order={2} size="h4" id="estudio-lint">Errores del formulario</Title>
        {state.lint.length === 0
          ? <Text size="sm">Ninguno.</Text>
          : (
            <List size="sm">
              {state.lint.map((i) => <List.Item key={`${i.pointer}:${i.message}`}><Code>{i.pointer || '/'}</Code> {i.message}</List.Item>)}
            </List>
          )}
      </section>
      {state.lint.length === 0 && (
        <>
          <section aria-labelledby="estudio-vista">
            <Title order={2} size="h4" id="estudio-vista">Como lo ve el ciudadano</Title>
            <Group align="flex-start" gap="md" wrap="wrap">
              <iframe title="Vista en un teléfono (390 px)" src={`/estudio/${form}/vista`} width={390} height={700} style={{ border: '1px solid #ccc' }} />
              <Box style={{ width: 640, height: 700, overflow: 'hidden', border: '1px solid #ccc' }}>
                <iframe title="Vista en una computadora (1280 px)" src={`/estudio/${form}/vista`} width={1280} height={1400} style={{ border: 0, transform: 'scale(0.5)', transformOrigin: '0 0' }} />
              </Box>
            </Group>
          </section>
          <section aria-labelledby="estudio-ejemplos">
            <Title order={2} size="h4" id="estudio-ejemplos">Ejemplos ({passed} de {state.fixtures.length} dan lo esperado)</Title>
            <Table aria-label="Ejemplos del formulario" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr><Table.Th scope="col">Ejemplo</Table.Th><Table.Th scope="col">Se espera</Table.Th><Table.Th scope="col">Resultado</Table.Th><Table.Th scope="col">Errores</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.fixtures.map((f) => (
                  <Table.Tr key={f.file}>
                    <Table.Th scope="row" fw={400}>{f.file}</Table.Th>
                    <Table.Td>{f.expected === 'valid' ? 'válido' : 'inválido'}</Table.Td>
                    <Table.Td><Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{f.ok ? '✓ Correcto' : '✗ No coincide'}</Text></Table.Td>
                    <Table.Td>{f.problem ?? (f.errors.map((e) => `${e.path}: ${e.message}`).join('; ') || '—')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
          <section aria-labelledby="estudio-cambios">
            <Title order={2} size="h4" id="estudio-cambios">
              {state.published === null ? 'Cambios al publicar' : `Cambios respecto de la versión ${state.published} publicada`}
            </Title>
            {state.publishedProblem && <Text size="sm">No se pudo comparar: {state.publishedProblem}.</Text>}
            {!state.publishedProblem && state.changes === null && <Text size="sm">El formulario no está publicado: será su versión 1.</Text>}
            {state.changes?.length === 0 && <Text size="sm">Ningún cambio: el portal ya tiene este formulario.</Text>}
            {state.changes && state.changes.length > 0 && <List size="sm">{state.changes.map((c) => <List.Item key={c}>{c}</List.Item>)}</List>}
          </section>
          <section aria-labelledby="estudio-reglas">
            <Title order={2} size="h4" id="estudio-reglas">Tabla de reglas (docs/forms/{form}.md)</Title>
            <Box component="pre" style={{ whiteSpace: 'pre-wrap', fontSize: 13 }}>{state.rules}</Box>
          </section>
        </>
      )}
    </>
  );
}
