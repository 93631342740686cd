import { useDeferredValue } from 'react';
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
  const { data: loadedForm, error } = useOnlineForm(request.form, request.form_version);
  const { data: loadedDocuments } = useSWR(DOCUMENTS_KEY, listDocuments);
  // SWR hands over what arrives in a synchronous render: all the answers (~250 of a company's
  // application) drawn in one task, a long one on a slow phone. Deferred, React draws them in a
  // transition and gives the browser its turn every few milliseconds.
  const form = useDeferredValue(loadedForm);
  const documents = useDeferredValue(loadedDocuments);
  if (error) return <AnswersFrame><Alert color="red">No se pudo cargar el formulario para mostrar sus respuestas.</Alert></AnswersFrame>;
  if (!form) return <AnswersFrame />;
  return <AnswersFrame><SubmittedAnswers form={form} data={request.data} documents={documents} headingOrder={3} idPrefix="resp" /></AnswersFrame>;
}
