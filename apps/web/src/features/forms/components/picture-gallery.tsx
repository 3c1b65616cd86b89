import { FORM_MESSAGES, type Picture, photoLocationUrl } from '@im/domain';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconCamera,
  IconChevronLeft,
  IconChevronRight,
  IconMapPin,
  IconPhotoPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { blobOf, type OutboxItem } from '../../../api/outbox';
import { isFor, useOutboxItems } from '../../../api/use-outbox';
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
    let kept = 0;
    for (const file of list) {
      try {
        const stored = await upload.mutateAsync({ file, fields: target });
        if (stored) toast.success(FORM_MESSAGES.pictureUploaded);
        else kept += 1;
      } catch (error) {
        const detail = isApiError(error) && error.status !== 500 ? ` ${error.message}` : '';
        toast.error(`${FORM_MESSAGES.pictureNotUploadedText}${detail}`, FORM_MESSAGES.pictureNotUploaded);
      }
    }
    // Without a connection: one word for the photos that wait, not one per photo.
    if (kept > 0) toast.info(t('connection.keptPicture', { count: kept }));
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
export function PictureGallery({
  pictures,
  canDelete = true,
  target,
}: {
  pictures: Picture[];
  canDelete?: boolean;
  /** Where new photos go: photos for it that wait on this device are shown after the stored ones. */
  target?: PictureTarget;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const remove = useDeletePicture();
  const waiting = useOutboxItems('picture').filter((item) => target && isFor(item, target));
  if (pictures.length === 0 && waiting.length === 0)
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
        {waiting.map((item) => (
          <WaitingPhoto key={item.key} item={item} />
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
              {current.lat !== null && current.lng !== null && (
                <Button
                  component="a"
                  variant="default"
                  href={photoLocationUrl({ lat: current.lat, lng: current.lng })}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('forms.photoTakenAtLabel')}
                  leftSection={<IconMapPin size={16} />}
                >
                  {t('forms.photoTakenAt')}
                </Button>
              )}
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

/** A photo taken without a connection: shown from the device until the server has it. */
function WaitingPhoto({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!item.file) return;
    const made = URL.createObjectURL(blobOf(item.file));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [item.file]);
  return (
    <Stack gap={2} data-testid="waiting-photo">
      {url && <Image src={url} alt={t('connection.waitingPhoto')} h={78} fit="cover" radius={6} />}
      <Text size="xs" c={item.refused ? 'red.8' : 'dimmed'} lh={1.2}>
        {item.refused ?? t('connection.waitingItem')}
      </Text>
    </Stack>
  );
}
