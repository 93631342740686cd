import { useEffect, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CLAIM_DESCRIPTION_MAX, CLAIM_DESCRIPTION_MIN, type ClaimForm } from '@portal/api-contract';
import { acceptAttribute, checkFile, NAME_HINT, PORTAL_ACCEPT } from '@portal/form-mantine/upload-rules';
import { useSWRConfig } from 'swr';
import { ApiError, errorMessage } from '../../../lib/apiError';
import type { ModalContentProps } from '../../../modals/modalContent';
import { fileClaim, MY_CLAIMS_KEY, useClaimIssues, useMyRequestsForClaims } from '../api';

/** The modal's data: a request (the request page) or a service (the service page); both optional. */
export interface ServiceClaimsData {
  request_id?: number;
  service_slug?: string;
  service_name?: string;
}

export const REQUIRED = 'Requerido';
export const DESCRIPTION_LENGTH = `La descripción debe tener entre ${CLAIM_DESCRIPTION_MIN} y ${CLAIM_DESCRIPTION_MAX} caracteres`;
export const CLAIM_FAILED = 'No se pudo enviar su reclamo. Inténtelo de nuevo.';
export const CLAIM_SENT = 'Su reclamo fue enviado. La institución le responderá en «Mis reclamos».';

function readData(data: unknown): ServiceClaimsData {
  if (data === null || typeof data !== 'object') return {};
  const { request_id: requestId, service_slug: slug, service_name: name } = data as Record<string, unknown>;
  return {
    request_id: typeof requestId === 'number' ? requestId : typeof requestId === 'string' && /^\d+$/.test(requestId) ? Number(requestId) : undefined,
    service_slug: typeof slug === 'string' && slug !== '' ? slug : undefined,
    service_name: typeof name === 'string' && name !== '' ? name : undefined,
  };
}

/** What a new claim is about: one of the citizen's requests, or a catalogue service. */
type ClaimAbout = { requestId: number } | { serviceSlug: string };

/** The subject select's value of what a claim is about. */
const subjectValue = (about: ClaimAbout): string => ('requestId' in about ? `solicitud:${about.requestId}` : `servicio:${about.serviceSlug}`);
function subjectOf(value: string): ClaimAbout | null {
  const [kind, rest] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  if (kind === 'solicitud' && /^\d+$/.test(rest)) return { requestId: Number(rest) };
  if (kind === 'servicio' && rest !== '') return { serviceSlug: rest };
  return null;
}

type FieldName = 'issue' | 'subject' | 'description' | 'file';
const SERVER_FIELDS: Record<string, FieldName> = { issue_id: 'issue', request_id: 'subject', service_slug: 'subject', description: 'description', file: 'file' };

/**
 * SERVICE_CLAIMS (spec §2: complaints and claims): the claim type (GET
 * /v1/issues), what it is about (one of the citizen's requests, or the
 * service the modal was opened for), a description and an optional file
 * (the portal's upload rules, checked before sending). "ENVIAR" shows its
 * loading state; success closes the form and shows the new claim
 * (SERVICE_CLAIM_DETAILS); a failure keeps everything typed and says why.
 */
export default function ServiceClaimsContent({ data, open }: ModalContentProps) {
  const given = readData(data);
  const { mutate } = useSWRConfig();
  const issues = useClaimIssues();
  const requests = useMyRequestsForClaims(true);
  const [issueId, setIssueId] = useState('');
  const [subject, setSubject] = useState(
    given.request_id !== undefined ? subjectValue({ requestId: given.request_id }) : given.service_slug ? subjectValue({ serviceSlug: given.service_slug }) : '',
  );
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef<File | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // After a failure focus goes to the first field in error, else back to the button (Enter tries again).
  useEffect(() => {
    if (busy) return;
    const first = (['issue', 'subject', 'description', 'file'] as const).find((name) => errors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    else if (failure) submitRef.current?.focus();
  }, [busy, errors, failure]);

  const chooseFile = (next: File | null) => {
    latest.current = next;
    setFile(next);
    setErrors((current) => ({ ...current, file: undefined }));
    if (next) void checkFile(next, PORTAL_ACCEPT).then((found) => latest.current === next && found && setErrors((current) => ({ ...current, file: found })));
  };

  const submit = async () => {
    setFailure(null);
    const found: Partial<Record<FieldName, string>> = {};
    const about = subjectOf(subject);
    if (issueId === '') found.issue = REQUIRED;
    if (about === null) found.subject = REQUIRED;
    const text = description.trim();
    if (text === '') found.description = REQUIRED;
    else if (text.length < CLAIM_DESCRIPTION_MIN || text.length > CLAIM_DESCRIPTION_MAX) found.description = DESCRIPTION_LENGTH;
    if (file) {
      const problem = await checkFile(file, PORTAL_ACCEPT);
      if (problem) found.file = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || about === null) return;
    setBusy(true);
    try {
      const fields: ClaimForm = {
        ...('requestId' in about ? { request_id: String(about.requestId) } : { service_slug: about.serviceSlug }),
        issue_id: issueId,
        description: text,
      };
      const claim = await fileClaim(fields, file);
      await mutate(MY_CLAIMS_KEY);
      notifications.show({ color: 'teal', message: CLAIM_SENT });
      open('SERVICE_CLAIM_DETAILS', { data: { claim_id: claim.id } });
    } catch (err) {
      // A field's message goes on its field; anything else in the alert. What was typed stays.
      const fields: Partial<Record<FieldName, string>> = {};
      for (const f of err instanceof ApiError ? err.fieldErrors : []) {
        const name = SERVER_FIELDS[f.path];
        if (name && !fields[name]) fields[name] = f.message;
      }
      setErrors(fields);
      // The server's own message for a refusal (4xx), its full disk (507) or no connection; another server failure gets ours.
      const status = err instanceof ApiError ? err.status : 0;
      if (Object.keys(fields).length === 0) setFailure(status >= 500 && status !== 507 ? CLAIM_FAILED : (errorMessage(err, CLAIM_FAILED) ?? CLAIM_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const issue = issues.data?.find((i) => String(i.id) === issueId);
  const subjects = [
    ...(given.service_slug ? [{ value: subjectValue({ serviceSlug: given.service_slug }), label: `El servicio: ${given.service_name ?? given.service_slug}` }] : []),
    ...(requests.data ?? []).map((r) => ({ value: subjectValue({ requestId: r.id }), label: `Mi solicitud ${r.code} (${r.service})` })),
  ];
  // A request given by the opener that the list does not hold (yet): keep it selectable.
  if (given.request_id !== undefined && !subjects.some((s) => s.value === subjectValue({ requestId: given.request_id as number }))) {
    subjects.push({ value: subjectValue({ requestId: given.request_id }), label: `Mi solicitud n.º ${given.request_id}` });
  }
  const loadFailure = issues.error ? (errorMessage(issues.error) ?? CLAIM_FAILED) : null;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">Cuéntenos qué pasó. La institución responsable le responderá y podrá seguir la conversación en «Mis reclamos».</Text>
        {loadFailure && <Alert color="red" role="alert">No se pudieron cargar los tipos de reclamo. {loadFailure}</Alert>}
        <NativeSelect
          label="Tipo de reclamo"
          required
          data-field="issue"
          data-autofocus
          value={issueId}
          onChange={(event) => {
            setIssueId(event.currentTarget.value);
            setErrors((current) => ({ ...current, issue: undefined }));
          }}
          data={[{ value: '', label: issues.data ? 'Seleccione el tipo de reclamo' : 'Cargando…' }, ...(issues.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))]}
          description={issue?.description}
          error={errors.issue}
          disabled={busy}
        />
        <NativeSelect
          label="¿Sobre qué es su reclamo?"
          required
          data-field="subject"
          value={subject}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
            setErrors((current) => ({ ...current, subject: undefined }));
          }}
          data={[{ value: '', label: subjects.length ? 'Seleccione una solicitud o el servicio' : 'No tiene solicitudes enviadas' }, ...subjects]}
          description={subjects.length === 0 && !requests.isLoading ? 'Para reclamar sobre un servicio, abra su página en «Servicios» y elija «Presentar una queja o reclamación».' : undefined}
          error={errors.subject}
          disabled={busy}
        />
        <Textarea
          label="Descripción"
          required
          data-field="description"
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            setErrors((current) => ({ ...current, description: undefined }));
          }}
          description={`Entre ${CLAIM_DESCRIPTION_MIN} y ${CLAIM_DESCRIPTION_MAX} caracteres (${description.trim().length} escritos).`}
          rows={5}
          resize="vertical"
          maxLength={CLAIM_DESCRIPTION_MAX + 200}
          error={errors.description}
          disabled={busy}
        />
        <FileInput
          label="Archivo (opcional)"
          placeholder="Elegir un archivo"
          data-field="file"
          accept={acceptAttribute(PORTAL_ACCEPT)}
          value={file}
          onChange={chooseFile}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
          description={`${NAME_HINT} Tamaño máximo: 50 MB.`}
          error={errors.file}
          disabled={busy}
        />
        {/* Beside the button, where the citizen is when it fails. */}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group justify="flex-end">
          <Button ref={submitRef} type="submit" loading={busy}>ENVIAR</Button>
        </Group>
      </Stack>
    </form>
  );
}
