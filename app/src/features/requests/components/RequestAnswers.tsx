import { Alert } from '@mantine/core';
import useSWR from 'swr';
import { DOCUMENTS_KEY, listDocuments } from '../../../api/documents';
import type { CitizenRequestDetail } from '../../../api/requests';
import { SubmittedAnswers } from '../../../components/answers/SubmittedAnswers';
import { useOnlineForm } from '../../../lib/onlineForms';
import { AnswersFrame } from './AnswersFrame';

/** The answers as submitted, read-only (the review's component), once the form's schema is in. */
export function RequestAnswers({ request }: { request: CitizenRequestDetail }) {
  // Read through the version it was submitted under, forever.
  const { data: form, error } = useOnlineForm(request.form, request.form_version);
  const { data: documents } = useSWR(DOCUMENTS_KEY, listDocuments);
  if (error) return <AnswersFrame><Alert color="red">No se pudo cargar el formulario para mostrar sus respuestas.</Alert></AnswersFrame>;
  if (!form) return <AnswersFrame />;
  return <AnswersFrame><SubmittedAnswers form={form} data={request.data} documents={documents} headingOrder={3} idPrefix="resp" /></AnswersFrame>;
}
