import type { SalesDocument } from '@im/domain';
import { useTranslation } from 'react-i18next';
import { FileListCard } from '../../../ui/files/file-list-card';
import { useAttachmentMutations } from '../queries';

/** The document's attachments (images and PDF; the server answers 415 with the spec's text otherwise). */
export function AttachmentsCard({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const { upload, remove } = useAttachmentMutations(document.kind, document.id);
  return (
    <FileListCard
      title={t('documents.attachments')}
      description={t('documents.attachmentsHint')}
      files={document.attachments}
      uploading={upload.isPending}
      onUpload={(file) => upload.mutateAsync(file)}
      onDelete={(file) => remove.mutateAsync(file.id)}
    />
  );
}
