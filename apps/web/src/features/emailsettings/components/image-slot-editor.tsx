import type { EmailImageSlot } from '@im/domain';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { AuthedImage } from '../../../ui/files/authed-image';
import { toast } from '../../../ui/toasts';
import { useEmailImage } from '../queries';

/** One image slot: its current image (or none), upload a new one, remove it. */
export function ImageSlotEditor({
  settingsId,
  slot,
  url,
  version,
}: {
  settingsId: number;
  slot: EmailImageSlot;
  url: string | null;
  version: number;
}) {
  const { t } = useTranslation();
  const change = useEmailImage(settingsId, slot);
  const label = t(`emailsettings.image.${slot}`);
  const onUpload = (file: File | null) => {
    if (!file) return;
    change.mutate(file, {
      onSuccess: () => toast.success(t('emailsettings.imageSaved', { label })),
      onError: (error) => showActionError(error),
    });
  };
  const onDelete = async () => {
    if (
      !(await confirm({
        title: t('common.delete'),
        message: t('emailsettings.imageDeleteConfirm', { label }),
        isDanger: true,
      }))
    )
      return;
    change.mutate(null, {
      onSuccess: () => toast.success(t('emailsettings.imageDeleted', { label })),
      onError: (error) => showActionError(error),
    });
  };
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {label}
      </Text>
      {url ? (
        <AuthedImage url={url} version={version} alt={label} mah={120} radius="sm" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('emailsettings.noImage')}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={onUpload} accept="image/*">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={change.isPending}
              // The name starts with which image and holds the visible text (WCAG 2.5.3).
              aria-label={t('emailsettings.imageUpload', {
                label,
                action: url ? t('emailsettings.replace') : t('files.upload'),
              })}
            >
              {url ? t('emailsettings.replace') : t('files.upload')}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => void onDelete()}
            aria-label={t('emailsettings.imageDelete', { label })}
          >
            {t('common.delete')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
