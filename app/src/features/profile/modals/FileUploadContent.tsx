import { notifications } from '@mantine/notifications';
import { UPLOAD_OK } from '@portal/form-mantine/upload-rules';
import { useSWRConfig } from 'swr';
import { DOCUMENTS_KEY, uploadDocument } from '../../../api/documents';
import { UploadFileForm } from '../../../components/upload/UploadFileForm';
import type { ModalContentProps } from '../../../modals/modalContent';

/**
 * FILE_UPLOAD_MODAL: one file to the citizen's documents (POST
 * /v1/portals/documents) under the portal's upload rules (UploadFileForm:
 * checked before sending, the server's refusal shown inside the dialog, a
 * failure keeps the chosen file).
 */
export default function FileUploadContent({ close }: ModalContentProps) {
  const { mutate } = useSWRConfig();
  const send = async (file: File) => {
    await uploadDocument(file);
    await mutate(DOCUMENTS_KEY);
    notifications.show({ color: 'teal', message: UPLOAD_OK });
    close();
  };
  return <UploadFileForm send={send} onCancel={close} />;
}
