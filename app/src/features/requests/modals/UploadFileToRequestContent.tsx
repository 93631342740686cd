import { notifications } from '@mantine/notifications';
import { useSWRConfig } from 'swr';
import { attachToRequest, requestKey } from '../../../api/requests';
import { DOCUMENTS_KEY } from '../../../api/documents';
import { UploadFileForm } from '../../../components/upload/UploadFileForm';
import type { ModalContentProps } from '../../../modals/modalContent';

/** What UPLOAD_FILE_TO_REQUEST is opened with. */
export interface UploadToRequestData {
  /** The request's id. Required. */
  requestId: number;
  /** The institution's action the document answers. Default: none (a document for the request). */
  actionId?: number | null;
}

/**
 * UPLOAD_FILE_TO_REQUEST: one file attached to a submitted request (POST
 * /v1/portals/citizen-profile/documents/requests/attach), optionally for the
 * action the institution asked for, under the portal's upload rules
 * (UploadFileForm: checked before sending, the server's refusal shown inside
 * the dialog, a failure keeps the chosen file).
 */
export default function UploadFileToRequestContent({ data, close }: ModalContentProps) {
  const { requestId, actionId } = data as UploadToRequestData;
  const { mutate } = useSWRConfig();
  const send = async (file: File) => {
    await attachToRequest(requestId, file, actionId);
    await Promise.all([mutate(requestKey(requestId)), mutate(DOCUMENTS_KEY)]);
    notifications.show({ color: 'teal', message: `Se adjuntó «${file.name}» a la solicitud.` });
    close();
  };
  return <UploadFileForm send={send} onCancel={close} submitLabel="Adjuntar" />;
}
