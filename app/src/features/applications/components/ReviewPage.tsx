import { startTransition, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import useSWR, { mutate as globalMutate } from 'swr';
import { Link, Redirect, useLocation } from 'wouter';
import { validate, type PathMessage } from '@portal/form-engine';
import { ApiError, errorMessage } from '../../../lib/apiError';
import { DOCUMENTS_KEY, listDocuments } from '../../../api/documents';
import { APPLICATIONS_KEY, submitApplication, useApplication, type Application } from '../../../api/applications';
import { sectionOf, sectionTitle, useOnlineForm, type OnlineForm } from '../../../lib/onlineForms';
import { useFormRoute, type FormRoute } from '../useFormRoute';
import { writeServerErrors } from '../stepState';
import { SubmittedAnswers } from '../../../components/answers/SubmittedAnswers';
import { REVIEW_TITLE, ReviewFrame } from './ReviewFrame';

/** Check your answers (the form comes from the address): every visible answer by section (folded, the ones with errors open), a "Cambiar" link per section, then submit. */
export function ReviewPage() {
  const route = useFormRoute();
  const { data: app, error, mutate } = useApplication(route.form, route.id);
  // The version the draft is on (opening it moved it to the current one when the form changed).
  const { data: form, error: formError } = useOnlineForm(route.form, app?.form_version);
  if (error || formError) return <Alert color="red" title="No se pudo cargar la solicitud">Verifique su conexión e intente de nuevo.</Alert>;
  const verdict = useVerdict(form, app);
  if (app?.status !== undefined && app.status !== 'borrador') return <Redirect to={route.paths.confirmation(app.id)} replace />;
  if (!app || !form || !verdict) return <ReviewFrame />;
  return <Review route={route} form={form} app={app} errors={verdict.errors} mutate={mutate} />;
}

/**
 * The engine's verdict on the draft, worked out in a task of its own once the form and the draft are
 * there (the frame, with the page's title, shows meanwhile): checking the whole application and
 * drawing every answer in one task blocked a slow phone for ~200 ms. A later draft (saved elsewhere)
 * keeps the last verdict on screen until its own is ready.
 */
function useVerdict(form: OnlineForm | undefined, app: Application | undefined): { errors: PathMessage[] } | null {
  const [verdict, setVerdict] = useState<{ errors: PathMessage[] } | null>(null);
  useEffect(() => {
    if (!form || !app || app.status !== 'borrador') return;
    const later = window.setTimeout(() => {
      const errors = validate(form.schema, app.data).errors;
      startTransition(() => setVerdict({ errors }));
    });
    return () => window.clearTimeout(later);
  }, [form, app]);
  return verdict;
}

interface ReviewProps {
  route: FormRoute;
  form: OnlineForm;
  app: Application;
  /** The engine's verdict on the draft (useVerdict). */
  errors: PathMessage[];
  mutate(data: Application, options: { revalidate: boolean }): Promise<unknown>;
}

function Review({ route, form, app, errors, mutate }: ReviewProps) {
  const paths = route.paths;
  const [, navigate] = useLocation();
  const { data: documents } = useSWR(DOCUMENTS_KEY, listDocuments);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<PathMessage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const problems = serverErrors.length > 0 ? serverErrors : errors;
  const sectionsWithProblems = [...new Set(problems.map((e) => sectionOf(e.path)))];

  const submit = async () => {
    setSending(true);
    setFailure(null);
    try {
      const submitted = await submitApplication(route.form, app.id);
      writeServerErrors(app.id, []);
      // The confirmation page reads the same cache entry: hand it the submitted application.
      await mutate(submitted, { revalidate: false });
      void globalMutate(APPLICATIONS_KEY);
      navigate(paths.confirmation(app.id));
    } catch (e) {
      const fieldErrors = e instanceof ApiError && e.status === 422 ? e.fieldErrors : [];
      if (fieldErrors.length > 0) {
        setServerErrors(fieldErrors);
        writeServerErrors(app.id, fieldErrors);
        // The summary above lists each section with its errors: the alert says what happened as a whole.
        setFailure(typeof (e as ApiError).body.message === 'string' ? String((e as ApiError).body.message) : errorMessage(e));
      } else {
        setFailure(errorMessage(e, 'No se pudo enviar la solicitud. Intente de nuevo.'));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{REVIEW_TITLE}</Title>
      {problems.length > 0 && (
        <Alert color="red" title="La solicitud todavía tiene errores" role="alert">
          <Text size="sm">Corrija las secciones siguientes antes de enviar:</Text>
          <ul>
            {sectionsWithProblems.map((s) => (
              <li key={s}>
                <Anchor component={Link} href={paths.application(app.id, s)}>{sectionTitle(form, s)}</Anchor>
                {' '}({problems.filter((e) => sectionOf(e.path) === s).length})
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <SubmittedAnswers
        form={form}
        data={app.data}
        documents={documents}
        headingOrder={2}
        foldable
        withErrors={sectionsWithProblems}
        sectionAction={(s) => (
          <Anchor component={Link} href={paths.application(app.id, s.key)}>
            Cambiar<VisuallyHidden> {s.title}</VisuallyHidden>
          </Anchor>
        )}
      />
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <Group>
        <Button onClick={() => void submit()} loading={sending} disabled={problems.length > 0 && serverErrors.length === 0}>
          Enviar solicitud
        </Button>
      </Group>
    </Stack>
  );
}
