import { DOCUMENT_TEXTS, type DocumentWidget, PICTURE_LAYOUT_LABELS, PICTURE_LAYOUTS } from '@im/domain';
import { Button, FileButton, Group, Select, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { AuthedImage } from '../../../ui/files/authed-image';
import { MediaPickerModal } from '../../../ui/media-picker/media-picker.modal';
import { toast } from '../../../ui/toasts';

interface Props {
  widget: DocumentWidget;
  layout: string;
  onLayout: (layout: string) => void;
  layoutError?: string;
  isBusy: boolean;
  onUpload: (file: File) => Promise<unknown>;
  /** Takes a copy of a media library picture. */
  onPickMedia: (mediafileId: number) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}

/** A picture widget's image (uploaded at once, images only) and its layout. */
export function WidgetPictureField({
  widget,
  layout,
  onLayout,
  layoutError,
  isBusy,
  onUpload,
  onPickMedia,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const [isPicking, setPicking] = useState(false);
  const pickMedia = (mediafileId: number) =>
    onPickMedia(mediafileId).then(
      () => toast.success(t('documents.pictureUploaded')),
      (error: Error) => toast.error(error.message, t('documents.pictureFailed')),
    );
  const picture = widget.widgetpicture;

  const upload = (file: File | null) => {
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) {
      toast.error(DOCUMENT_TEXTS.notPicture, t('documents.pictureFailed'));
      return;
    }
    onUpload(file).then(
      () => toast.success(t('documents.pictureUploaded')),
      () => toast.error(t('documents.pictureFailedText'), t('documents.pictureFailed')),
    );
  };
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('documents.removePicture'),
      message: DOCUMENT_TEXTS.deletePhotoConfirm,
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    onRemove().then(
      () => toast.success(t('documents.pictureRemoved')),
      (error: Error) => toast.error(error.message),
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('documents.picture')}
      </Text>
      {picture ? (
        <AuthedImage
          url={picture.url}
          version={picture.id}
          alt={picture.filename}
          mah={220}
          w="auto"
          radius="sm"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('documents.noPicture')}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={upload} accept="image/*">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              leftSection={<IconUpload size={14} />}
              loading={isBusy}
            >
              {t('documents.uploadPicture')}
            </Button>
          )}
        </FileButton>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPhoto size={14} />}
          onClick={() => setPicking(true)}
          disabled={isBusy}
        >
          {t('mediaPicker.open')}
        </Button>
        {picture && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={remove}
          >
            {t('documents.removePicture')}
          </Button>
        )}
      </Group>
      <MediaPickerModal
        opened={isPicking}
        onClose={() => setPicking(false)}
        onPick={(file) => void pickMedia(file.id)}
      />
      <Select
        label={t('documents.layout')}
        data={PICTURE_LAYOUTS.map((value) => ({ value, label: PICTURE_LAYOUT_LABELS[value] }))}
        value={layout || null}
        onChange={(value) => onLayout(value ?? '')}
        error={layoutError}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
