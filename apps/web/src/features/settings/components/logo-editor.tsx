import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { AuthedImage } from '../../../ui/files/authed-image';
import { toast } from '../../../ui/toasts';

/** A logo behind the API with an upload button (the server checks the type by content). */
export function LogoEditor({
  url,
  hasLogo,
  version,
  isPending,
  canSave,
  onUpload,
}: {
  url: string;
  hasLogo: boolean;
  version: number;
  isPending: boolean;
  canSave: boolean;
  onUpload: (file: File) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const upload = (file: File | null) => {
    if (!file) return;
    onUpload(file).then(
      () => toast.success(t('settings.branding.logoSaved')),
      (error) => showActionError(error),
    );
  };
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('settings.branding.logo')}
      </Text>
      {hasLogo ? (
        <AuthedImage
          url={url}
          version={version}
          alt={t('settings.branding.logo')}
          mah={96}
          maw={260}
          fit="contain"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('settings.branding.noLogo')}
        </Text>
      )}
      {canSave && (
        <Group gap="xs">
          <FileButton onChange={upload} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={isPending}
              >
                {hasLogo ? t('settings.branding.replaceLogo') : t('settings.branding.uploadLogo')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('settings.branding.logoHint')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
