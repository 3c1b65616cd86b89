import { FORM_MESSAGES, type Picture } from '@im/domain';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCamera, IconChevronLeft, IconChevronRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { confirm } from '../../../ui/confirm-dialog';
import { AuthedImage } from '../../../ui/files/authed-image';
import { toast } from '../../../ui/toasts';
import { useDeletePicture, useUploadPicture } from '../queries';

/** Where an uploaded photo belongs (the fields of POST api/picture). */
export type PictureTarget = Record<string, string | number | undefined>;

/** Photo buttons: the camera (phones open it directly) and the gallery; one toast per photo. */
export function PictureUpload({ target, disabled }: { target: PictureTarget; disabled?: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadPicture();
  const onFiles = async (files: File[] | File | null) => {
    const list = Array.isArray(files) ? files : files ? [files] : [];
    for (const file of list) {
      try {
        await upload.mutateAsync({ file, fields: target });
        toast.success(FORM_MESSAGES.pictureUploaded);
      } catch (error) {
        const detail = isApiError(error) && error.status !== 500 ? ` ${error.message}` : '';
        toast.error(`${FORM_MESSAGES.pictureNotUploadedText}${detail}`, FORM_MESSAGES.pictureNotUploaded);
      }
    }
  };
  return (
    <Group gap="xs">
      <FileButton onChange={onFiles} accept="image/*" capture="environment" disabled={disabled}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="sm"
            leftSection={<IconCamera size={16} />}
            loading={upload.isPending}
          >
            {t('forms.takePhoto')}
          </Button>
        )}
      </FileButton>
      <FileButton onChange={onFiles} accept="image/*" multiple disabled={disabled}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="sm"
            leftSection={<IconPhotoPlus size={16} />}
            disabled={upload.isPending || disabled}
          >
            {t('forms.addPhoto')}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

/** Thumbnails made on the server; a tap opens the lightbox (spec 002 section 2: picture lightbox). */
export function PictureGallery({ pictures, canDelete = true }: { pictures: Picture[]; canDelete?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const remove = useDeletePicture();
  if (pictures.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('forms.noPictures')}
      </Text>
    );
  const current = open === null ? null : pictures[open];
  const onDelete = async (picture: Picture) => {
    if (
      !(await confirm({
        title: t('forms.deletePhoto'),
        message: FORM_MESSAGES.confirmDeletePicture,
        isDanger: true,
      }))
    )
      return;
    await remove.mutateAsync(picture.id);
    setOpen(null);
    toast.success(FORM_MESSAGES.pictureDeleted);
  };
  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
        {pictures.map((p, i) => (
          <UnstyledButton
            key={p.id}
            onClick={() => setOpen(i)}
            aria-label={t('forms.openPhoto', { name: p.filename })}
            style={{ borderRadius: 6, overflow: 'hidden', minHeight: 44 }}
          >
            <AuthedImage
              url={p.thumbnail_url}
              alt={t('forms.photoOf', { name: p.filename })}
              h={96}
              fit="cover"
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={current !== null && current !== undefined}
        onClose={() => setOpen(null)}
        title={current?.filename ?? t('forms.lightbox')}
        size="xl"
        closeOnClickOutside={false}
      >
        {current && (
          <Stack gap="sm">
            <AuthedImage url={current.url} alt={t('forms.photoOf', { name: current.filename })} mah="70vh" />
            <Group justify="space-between">
              <Group gap="xs">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('common.previous')}
                  disabled={open === 0}
                  onClick={() => setOpen((i) => (i === null ? i : i - 1))}
                >
                  <IconChevronLeft size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('common.next')}
                  disabled={open === pictures.length - 1}
                  onClick={() => setOpen((i) => (i === null ? i : i + 1))}
                >
                  <IconChevronRight size={18} />
                </ActionIcon>
              </Group>
              {canDelete && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => void onDelete(current)}
                >
                  {t('forms.deletePhoto')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
