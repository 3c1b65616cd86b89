import type { SalesDocument } from '@im/domain';
import { FileListCard } from '../../../ui/files/file-list-card';
import { useDocumentTexts } from '../i18n';
import { useAttachmentMutations } from '../queries';

/** The document's attachments (images and PDF; the server answers 415 with the spec's text otherwise). */
export function AttachmentsCard({ document }: { document: SalesDocument }) {
  const tx = useDocumentTexts();
  const { upload, remove } = useAttachmentMutations(document.kind, document.id);
  return (
    <FileListCard
      title={tx.attachments}
      description={tx.attachmentsHint}
      files={document.attachments}
      uploading={upload.isPending}
      onUpload={(file) => upload.mutateAsync(file)}
      onDelete={(file) => remove.mutateAsync(file.id)}
    />
  );
}
