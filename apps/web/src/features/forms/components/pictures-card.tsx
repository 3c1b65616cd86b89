import type { Picture } from '@im/domain';
import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { toast } from '../../../ui/toasts';
import { PictureGallery, type PictureTarget, PictureUpload } from './picture-gallery';
import { SectionCard } from './section-card';

/** All photos of an intake, project or flow, with upload and the zip of them all. */
export function PicturesCard({
  pictures,
  target,
  zipPath,
  zipName,
}: {
  pictures: Picture[];
  target: PictureTarget;
  zipPath: string;
  zipName: string;
}) {
  const { t } = useTranslation();
  const [isZipping, setZipping] = useState(false);
  const onZip = async () => {
    setZipping(true);
    try {
      await downloadFile(zipPath, zipName, 'POST');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setZipping(false);
    }
  };
  return (
    <SectionCard
      title={t('forms.pictures')}
      actions={
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          onClick={() => void onZip()}
          loading={isZipping}
          disabled={pictures.length === 0}
        >
          {t('forms.downloadAllPictures')}
        </Button>
      }
    >
      <Stack gap="sm">
        <PictureGallery pictures={pictures} target={target} />
        <PictureUpload target={target} />
      </Stack>
    </SectionCard>
  );
}
