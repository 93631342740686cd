import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLocation } from 'wouter';
import { lookupTasks, valueAt, type PathMessage } from '@portal/form-engine';
import { checkDraft, ErrorSummary, prepareCheck, SchemaForm, type DraftCheck } from '@portal/form-mantine';
import { env } from '../../../config/env';
import { useApplication, type Application } from '../../../api/applications';
import { readBackup, useAutosave } from '../api/useAutosave';
import { createFormApi } from '../../../api/formApi';
import { openRowDialog } from '../../../components/rowDialog';
import useSWR from 'swr';
import { currentFormVersionNumber, sectionOf, useOnlineForm, type OnlineForm } from '../../../lib/onlineForms';
import { FormChangedNotice } from './FormChangedNotice';
import { ApplicationFrame, StepHeading } from './ApplicationFrame';
import { useFormRoute, type FormRoute } from '../useFormRoute';
import { readServerErrors, readVisited, writeVisited } from '../stepState';
import { useRemoteVerdicts } from '../useRemoteVerdicts';
import { SaveStatus } from './SaveStatus';
import { SectionNav, type SectionStatus } from './SectionNav';
import { usePageShownOnceDrawn } from '../../../lib/afterFirstPaint';

type Data = Record<string, unknown>;
const formApi = createFormApi();

/** How often an open draft asks whether its form has a newer version (also when the tab comes back into view). */
const FORM_WATCH_MS = 30_000;
/** Runs each step in a task of its own, in order (the browser may paint and answer input between them); returns a function that cancels what has not run. */
function inTasks(steps: (() => void)[]): () => void {
  let timer: number | undefined;
  const next = (i: number) => {
    if (i >= steps.length) return;
    timer = window.setTimeout(() => {
      steps[i]();
      next(i + 1);
    }, 0);
  };
  next(0);
  return () => window.clearTimeout(timer);
}

/** A step without errors to show: one array, so setting it again changes nothing (and re-renders nothing). */
const NO_ERRORS: PathMessage[] = [];

const LOAD_FAILED = <Alert color="red" title="No se pudo cargar la solicitud">Verifique su conexión e intente de nuevo.</Alert>;

/** The application of any online service as steps (the form comes from the address): one visible section at a time, a task list beside it, autosaved. */
export function ApplicationPage() {
  const route = useFormRoute();
  const { data: app, error, mutate } = useApplication(route.form, route.id);
  // The version the draft is on (opening it moved it to the current one when the form changed).
  const { data: form, error: formError } = useOnlineForm(route.form, app?.form_version);
  usePageShownOnceDrawn(Boolean(error || formError));
  if (error || formError) return LOAD_FAILED;
  if (!app || !form) return <ApplicationFrame />;
  return <ApplicationSteps key={app.id} route={route} form={form} app={app} mutate={mutate} />;
}

interface StepsProps {
  route: FormRoute;
  form: OnlineForm;
  app: Application;
  mutate(): Promise<unknown>;
}

function ApplicationSteps({ route, form, app, mutate }: StepsProps) {
  const params = route;
  const { schema, sections: SECTIONS } = form;
  const paths = route.paths;
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<Data | null>(null);
  // The step drawn (after the frame, its code and the draft's first check): what waits for the page comes now.
  usePageShownOnceDrawn(draft !== null);
  // The engine's verdict on the draft as SchemaForm computed it on the last change (null until the first change).
  const [checked, setChecked] = useState<DraftCheck | null>(null);
  const [stepErrors, setStepErrors] = useState<PathMessage[]>(NO_ERRORS);
  const [summary, setSummary] = useState(false);
  // One per failed "Siguiente" (or errors brought from the server): the summary takes focus when it changes.
  const [attempt, setAttempt] = useState(0);
  // Whether the step's errors came from the server's refusal (they hold until their field changes), and the draft as loaded.
  const [fromServer, setFromServer] = useState(false);
  const loadedDraft = useRef<Data | null>(null);
  const [visited, setVisited] = useState<string[]>(() => readVisited(params.id));
  const [leaving, setLeaving] = useState(false);
  // Remote verdicts (a taken name, an unregistered cédula) survive a reload: the loaded draft's lookups run again.
  const remote = useRemoteVerdicts(schema, draft);
  const checking = useRef(false);

  const reload = useCallback(() => {
    setDraft(null);
    setChecked(null);
    void mutate();
    notifications.show({ color: 'yellow', message: 'La solicitud fue modificada desde otro dispositivo; se cargó la última versión.' });
  }, [mutate]);
  const autosave = useAutosave(route.form, app, env.autosaveMs, reload);

  // The version the draft came from when it moved to a newer one (its notice), until the citizen closes it.
  const [noticeFrom, setNoticeFrom] = useState<number | null>(app.moved_from_version);
  useEffect(() => {
    if (app.moved_from_version !== null) setNoticeFrom(app.moved_from_version);
  }, [app.moved_from_version]);
  // A version published while the page is open: what is typed is saved, then the draft is read again (which moves it).
  useSWR(app.status === 'borrador' ? ['form-watch', route.form] : null, () => currentFormVersionNumber(route.form), {
    refreshInterval: FORM_WATCH_MS,
    revalidateOnFocus: true,
    onSuccess: (current) => {
      if (current !== app.form_version) void autosave.settle().then(() => mutate());
    },
  });

  useEffect(() => {
    if (draft !== null) return;
    if (app.status !== 'borrador') {
      navigate(paths.confirmation(app.id), { replace: true });
      return;
    }
    const backup = readBackup(app);
    const loaded = backup ?? app.data;
    loadedDraft.current = loaded;
    if (backup) autosave.schedule(backup);
    // The engine's first look at the draft, each part in a task of its own: the form's check compiled, then the
    // draft checked (remembered: the step list and the step's form ask for the same check). Inside the step's
    // render they were one piece React cannot cut (~120 ms with the CPU 4× slower, the step's longest task).
    // Then a transition: the whole step's first render (every field of a long section) comes in slices of a few
    // milliseconds, the frame staying on screen meanwhile, not as one long task a slow phone cannot interrupt.
    return inTasks([
      () => prepareCheck(schema),
      () => checkDraft(schema, loaded, undefined),
      () => startTransition(() => setDraft(loaded)),
    ]);
  }, [app, draft, navigate, autosave, paths, schema]);

  // The task list and statuses follow the engine's verdict: SchemaForm's, computed on each change
  // (the engine runs once per keystroke, not twice); for the draft as loaded, before any change, once here.
  // Deferred so they never slow typing down; when the draft first arrives the deferred value is still
  // null: use the current one, else the page would show for a moment the steps of an empty application.
  // The form's incremental check, which SchemaForm's first pass then answers from memory (half the work of the first render).
  const loaded = useMemo(() => (draft !== null && checked === null ? checkDraft(schema, draft, undefined) : null), [schema, draft, checked]);
  const settled = useDeferredValue(checked) ?? checked ?? loaded;
  const { visibleSections, errorsBySection } = useMemo(() => {
    const bySection = new Map<string, number>();
    for (const e of [...(settled?.errors ?? []), ...remote.holding]) bySection.set(sectionOf(e.path), (bySection.get(sectionOf(e.path)) ?? 0) + 1);
    return { visibleSections: settled ? SECTIONS.filter((s) => settled.evaluation.visible.has(s.key)) : [], errorsBySection: bySection };
  }, [settled, remote.holding, SECTIONS]);

  const step = visibleSections.some((s) => s.key === params.step) ? (params.step as string) : visibleSections[0]?.key;
  const index = visibleSections.findIndex((s) => s.key === step);

  useEffect(() => {
    // Errors the server gave on submit show on their fields when the citizen comes to fix them.
    const fromServer = readServerErrors(params.id).filter((e) => sectionOf(e.path) === step);
    // Nothing to show (the usual case): the state stays as it is. A new empty list and a new focus key here
    // drew the whole step a second time, synchronously, right after its first drawing (~80 ms on a slow phone).
    if (fromServer.length === 0) {
      setStepErrors(NO_ERRORS);
      setSummary(false);
      return;
    }
    setStepErrors(fromServer);
    setFromServer(true);
    setSummary(true);
    setAttempt((n) => n + 1);
  }, [params.id, step]);

  // The summary lists what the last attempt found, less what has been fixed since: a field leaves the list as soon as
  // its error is gone. Nothing is added: a field untouched since then is not announced until the next attempt.
  const current = checked ?? loaded;
  const summaryErrors = useMemo(() => {
    if (!summary || stepErrors.length === 0) return stepErrors;
    const now = new Map<string, string[]>();
    // As on the field: a registry's verdict before the rules' message.
    for (const e of [...remote.holding, ...(current?.errors ?? [])]) now.set(e.path, [...(now.get(e.path) ?? []), e.message]);
    const kept = stepErrors.flatMap((e): PathMessage[] => {
      const messages = now.get(e.path);
      if (messages) return [{ path: e.path, message: messages.includes(e.message) ? e.message : messages[0] }];
      // The server's word on a field holds until the field changes (the browser's checks may not know it).
      const unchanged = fromServer && draft !== null && loadedDraft.current !== null && valueAt(draft, e.path) === valueAt(loadedDraft.current, e.path);
      return unchanged ? [e] : [];
    });
    return kept.length === stepErrors.length && kept.every((e, i) => e.message === stepErrors[i].message) ? stepErrors : kept;
  }, [summary, stepErrors, remote.holding, current, fromServer, draft]);

  const onChange = useCallback((data: Data, result: DraftCheck) => {
    setDraft(data);
    setChecked(result);
    autosave.schedule(data);
  }, [autosave]);

  if (draft === null || !step) return <ApplicationFrame schema={schema} />;

  const statusOf = (key: string): SectionStatus => {
    const n = errorsBySection.get(key) ?? 0;
    if (n === 0) return 'completa';
    return visited.includes(key) ? 'con-errores' : 'incompleta';
  };

  const go = (to: string) => {
    window.scrollTo({ top: 0 });
    navigate(to);
  };

  const next = async () => {
    if (checking.current) return;
    // This step's values are judged again (a name typed just now); an answer the field's own lookup got moments ago is reused.
    let remoteErrors = remote.holding;
    if (lookupTasks(schema, draft, { only: (p) => sectionOf(p) === step }).length > 0) {
      checking.current = true;
      remoteErrors = await remote.recheck(step).finally(() => {
        checking.current = false;
      });
    }
    const errors = [...(checked ?? loaded)?.errors ?? [], ...remoteErrors].filter((e) => sectionOf(e.path) === step);
    const seen = visited.includes(step) ? visited : [...visited, step];
    setVisited(seen);
    writeVisited(params.id, seen);
    if (errors.length > 0) {
      setStepErrors(errors);
      setFromServer(false);
      setSummary(true);
      setAttempt((n) => n + 1);
      return;
    }
    setSummary(false);
    const following = visibleSections[index + 1];
    if (following) {
      void autosave.flush();
      go(paths.application(app.id, following.key));
      return;
    }
    // The review shows what the server holds: every change must be saved first.
    setLeaving(true);
    void autosave.settle().then((saved) => {
      setLeaving(false);
      if (saved) go(paths.review(app.id));
      else notifications.show({ color: 'red', message: 'No se pudieron guardar sus cambios. Verifique su conexión e intente de nuevo.' });
    });
  };

  const previous = () => {
    const before = visibleSections[index - 1];
    if (before) go(paths.application(app.id, before.key));
  };

  const nav = <SectionNav paths={paths} applicationId={app.id} current={step} sections={visibleSections.map((s) => ({ key: s.key, title: s.title, status: statusOf(s.key) }))} />;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Box visibleFrom="md" className="section-nav-sticky">{nav}</Box>
        <Box hiddenFrom="md" component="details">
          <summary>Secciones: paso {index + 1} de {visibleSections.length}</summary>
          {nav}
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <StepHeading formTitle={schema.title} stepLine={`Paso ${index + 1} de ${visibleSections.length}`} title={visibleSections[index].title} />
          {noticeFrom !== null && noticeFrom !== form.version && (
            <FormChangedNotice form={form} from={noticeFrom} data={draft ?? app.data} onClose={() => setNoticeFrom(null)} />
          )}
          {summary && <ErrorSummary errors={summaryErrors} schema={schema} focusKey={attempt} />}
          <SchemaForm
            key={`${form.version}:${step}`}
            schema={schema}
            formData={draft}
            onChange={onChange}
            api={formApi}
            section={step}
            errors={stepErrors}
            showErrors="touched"
            lookupErrors={remote.errors}
            onLookupErrorsChange={(list) => remote.fromForm(step, list)}
            openRowDialog={openRowDialog}
          >
            <Group justify="space-between" mt="lg">
              <Button variant="default" onClick={previous} disabled={index === 0}>Anterior</Button>
              <Button onClick={() => void next()} loading={leaving}>{index === visibleSections.length - 1 ? 'Revisar la solicitud' : 'Siguiente'}</Button>
            </Group>
          </SchemaForm>
          <SaveStatus state={autosave.state} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
