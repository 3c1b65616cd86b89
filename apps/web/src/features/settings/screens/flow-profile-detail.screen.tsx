import { Alert, Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FileListCard } from '../../../ui/files/file-list-card';
import { LoadingBlock } from '../../../ui/loading-block';
import { ProfileBrandingCard } from '../components/profile-branding-card';
import { ProfileTemplatesCard } from '../components/profile-templates-card';
import { ProfileWhitelistCard } from '../components/profile-whitelist-card';
import { useFlowProfile, useFlowProfileChanges } from '../queries';

/**
 * /account/company_flowprofiles/{id} (spec 000 section 2 "Request profile detail"): name, default
 * templates per kind, mail templates per type, own branding (logo, colour, sender name), the form
 * whitelist and the files shared with its dossiers.
 */
export function FlowProfileDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().flowProfileId);
  const profile = useFlowProfile(id);
  const { uploadFile, removeFile } = useFlowProfileChanges(id);

  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to="/account/company_flowprofiles" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('settings.profileDetail.back')}
        </Group>
      </Anchor>
      {profile.isError && (
        <Alert color="red" role="alert" title={t('settings.profileDetail.loadFailed')}>
          {profile.error.message}
        </Alert>
      )}
      <LoadingBlock when={profile.isPending && !profile.isError} h={300} />
      {profile.data && (
        <>
          <Group gap="sm" wrap="wrap">
            <Title order={1}>{profile.data.name}</Title>
            {profile.data.is_standard && <Badge variant="light">{t('settings.profiles.standard')}</Badge>}
          </Group>
          <ProfileTemplatesCard profile={profile.data} />
          <ProfileBrandingCard profile={profile.data} version={profile.dataUpdatedAt} />
          <ProfileWhitelistCard profile={profile.data} />
          <FileListCard
            title={t('settings.profileDetail.files')}
            description={t('settings.profileDetail.filesIntro')}
            files={profile.data.flowfiles}
            uploading={uploadFile.isPending}
            onUpload={(file) => uploadFile.mutateAsync(file)}
            onDelete={(file) => removeFile.mutateAsync(file.id)}
          />
        </>
      )}
    </Stack>
  );
}
