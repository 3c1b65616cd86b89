import type { FileInfo } from '@im/domain';
import { useTranslation } from 'react-i18next';
import { FileListCard } from '../../../ui/files/file-list-card';
import { useSession } from '../../auth';
import { useSharedFlowFiles } from '../queries';

/** Flow files every dossier of the company offers its customer (terms, warranty, a brochure). */
export function SharedFilesCard({ files }: { files: FileInfo[] }) {
  const { t } = useTranslation();
  const { upload, remove } = useSharedFlowFiles(useSession().currentcompany_id);
  return (
    <FileListCard
      title={t('emailsettings.sharedFiles')}
      description={t('emailsettings.sharedFilesIntro')}
      files={files}
      uploading={upload.isPending}
      onUpload={(file) => upload.mutateAsync(file)}
      onDelete={(file) => remove.mutateAsync(file.id)}
    />
  );
}
