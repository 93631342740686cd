/**
 * The form of a proof of payment (spec §2 screen 2, PAY_WITH_CHECK): the
 * approval number and a document, chosen from the citizen's stored documents
 * or uploaded now (spec §4 "Document source choice: none, select, or upload").
 * Nothing chosen: 'Por favor selecione un archivo!'. Sending shows
 * «Enviando...» on the disabled button; a success is said and the dialog
 * closes about a second later; a failure shows the server's message and keeps
 * everything entered.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import useSWR, { useSWRConfig } from 'swr';
import { APPROVAL_NUMBER_INVALID, APPROVAL_NUMBER_MAX, APPROVAL_NUMBER_PATTERN, PAYMENT_CLOSE_DELAY_MS, PAYMENT_MESSAGES } from '@portal/api-contract';
import { DOCUMENTS_KEY, listDocuments, uploadDocument, type StoredDocument } from '../../../api/documents';
import { UploadFileForm } from '../../../components/upload/UploadFileForm';

/** Where the proof's document comes from. */
export type DocumentSource = 'none' | 'select' | 'upload';

export interface ProofFormProps {
  /** The approval number's label. */
  numberLabel: string;
  /** A line under the approval number (where to find it). */
  numberDescription?: string;
  /** Sends the proof; throws on failure. */
  send(proof: { documentUrl: string; approvalNumber: string }): Promise<void>;
  /** What a failure shows (null: nothing, the session ended). */
  failureText(error: unknown): string | null;
  /** Said once the proof is sent. */
  successText: string;
  /** Runs PAYMENT_CLOSE_DELAY_MS after a success (close the dialog). */
  onDone(): void;
  /**
   * Reads again what a sent proof changes (the request's lists). Runs when the form goes away after a
   * success, however the dialog was closed (the delay, Escape): sooner, the dialog would already show
   * the proof under review instead of its success.
   */
  refresh(): void;
  onCancel(): void;
}

const APPROVAL = new RegExp(APPROVAL_NUMBER_PATTERN);
const fileName = (d: StoredDocument) => `${d.name}.${d.extension}`;

export function ProofForm({ numberLabel, numberDescription, send, failureText, successText, onDone, refresh, onCancel }: ProofFormProps) {
  const formId = useId();
  const [approval, setApproval] = useState('');
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const [source, setSource] = useState<DocumentSource>('none');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<StoredDocument | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const approvalRef = useRef<HTMLInputElement>(null);
  const choiceRef = useRef<HTMLDivElement>(null);
  const { mutate } = useSWRConfig();
  const documents = useSWR(source === 'select' ? DOCUMENTS_KEY : null, listDocuments);

  // The latest onDone, so that a re-render during the delay does not restart it.
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const sentRef = useRef(false);
  useEffect(
    () => () => {
      if (sentRef.current) refreshRef.current();
    },
    [],
  );
  useEffect(() => {
    if (!sent) return undefined;
    const timer = window.setTimeout(() => doneRef.current(), PAYMENT_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const chosen: StoredDocument | null =
    source === 'select' ? (documents.data?.find((d) => String(d.id) === selectedId) ?? null) : source === 'upload' ? uploaded : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || sent) return;
    const number = approval.trim();
    const numberProblem = number === '' ? PAYMENT_MESSAGES.required : APPROVAL.test(number) ? null : APPROVAL_NUMBER_INVALID;
    const documentProblem = chosen ? null : PAYMENT_MESSAGES.missingDocument;
    setApprovalError(numberProblem);
    setDocumentError(documentProblem);
    setFailure(null);
    if (numberProblem) {
      approvalRef.current?.focus();
      return;
    }
    if (documentProblem || !chosen) {
      choiceRef.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
      return;
    }
    setSending(true);
    try {
      await send({ documentUrl: chosen.route, approvalNumber: number });
      sentRef.current = true;
      setSent(true);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  };

  const uploadNew = async (file: File) => {
    const document = await uploadDocument(file);
    await mutate(DOCUMENTS_KEY);
    setUploaded(document);
    setDocumentError(null);
  };

  return (
    <Stack gap="md">
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            ref={approvalRef}
            label={numberLabel}
            description={numberDescription}
            required
            maxLength={APPROVAL_NUMBER_MAX}
            autoComplete="off"
            data-autofocus
            value={approval}
            onChange={(e) => {
              setApproval(e.currentTarget.value);
              if (approvalError) setApprovalError(null);
            }}
            error={approvalError}
            disabled={sent}
          />
          <Radio.Group
            ref={choiceRef}
            label="Documento del comprobante"
            description="Elija uno de sus documentos guardados o suba uno nuevo (PDF o imagen)."
            value={source === 'none' ? null : source}
            onChange={(value) => {
              setSource(value as DocumentSource);
              setDocumentError(null);
              // Read again: a document uploaded elsewhere since the list was last read must be there.
              if (value === 'select') void mutate(DOCUMENTS_KEY);
            }}
            error={documentError}
            required
          >
            <Group gap="lg" mt={6}>
              <Radio value="select" label="Elegir de mis documentos" disabled={sent} />
              <Radio value="upload" label="Subir un documento nuevo" disabled={sent} />
            </Group>
          </Radio.Group>
          {source === 'select' && (
            documents.data && documents.data.length === 0 ? (
              <Text size="sm">No tiene documentos guardados. Elija «Subir un documento nuevo».</Text>
            ) : (
              <Select
                label="Documento"
                placeholder={documents.isLoading ? 'Cargando sus documentos…' : 'Elija un documento'}
                data={(documents.data ?? []).map((d) => ({ value: String(d.id), label: fileName(d) }))}
                value={selectedId}
                onChange={(value) => {
                  setSelectedId(value);
                  setDocumentError(null);
                }}
                searchable
                // In the dialog on a phone the list must open under (or over) the field, inside the screen: positioned
                // against the window (the page behind the dialog is scroll-locked), moved back in and flipped above when
                // there is no room below, so it neither widens the page nor hides itself as if its field had gone.
                comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed', position: 'bottom', middlewares: { flip: true, shift: { padding: 8 } } }}
                maxDropdownHeight={220}
                aria-busy={documents.isValidating}
                nothingFoundMessage="Ningún documento con ese nombre"
                disabled={sent}
              />
            )
          )}
          {source === 'upload' && uploaded && (
            <Group gap="xs" wrap="wrap">
              <Text size="sm">
                Documento subido: <Text component="span" fw={700}>{fileName(uploaded)}</Text>
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => setUploaded(null)} disabled={sending || sent}>
                Subir otro
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {source === 'upload' && !uploaded && (
        <UploadFileForm send={uploadNew} onCancel={() => setSource('none')} submitLabel="Subir el documento" />
      )}
      {failure && (
        <Alert color="red" role="alert" title="No se pudo enviar el comprobante">
          {failure}
        </Alert>
      )}
      {sent && (
        <Alert color="teal" role="status">
          {successText}
        </Alert>
      )}
      {/* While a new file is being chosen, the upload form's own buttons are the ones to use (one «Cancelar», and no
          «Enviar comprobante» that would say no file was chosen while one is): they come back once it is uploaded. */}
      {!(source === 'upload' && !uploaded) && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} disabled={sending || sent}>
            {sending ? 'Enviando...' : 'Enviar comprobante'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
