import { type FlowProfileDetail, zBrandColor } from '@im/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  ColorInput,
  Grid,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { useFlowProfileChanges } from '../queries';
import { LogoEditor } from './logo-editor';

/**
 * The request profile's own branding (decision 057): create it, then a sender name, a button colour and a
 * logo that its customer pages and mails show; remove it to go back to the company's.
 */
export function ProfileBrandingCard({ profile, version }: { profile: FlowProfileDetail; version: number }) {
  const { t } = useTranslation();
  const { createBranding, removeBranding } = useFlowProfileChanges(profile.id);
  const onRemove = async () => {
    const isSure = await confirm({
      title: t('settings.profileDetail.removeBranding'),
      message: t('settings.profileDetail.removeBrandingConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (isSure) removeBranding.mutate(undefined, { onError: (error) => showActionError(error) });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-branding-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="profile-branding-title">
          {t('settings.profileDetail.branding')}
        </Title>
        {profile.branding && (
          <Button size="xs" variant="subtle" color="red" onClick={() => void onRemove()}>
            {t('settings.profileDetail.removeBranding')}
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm" mb="sm">
        {t('settings.profileDetail.brandingIntro')}
      </Text>
      {profile.is_standard ? (
        <Alert color="blue">
          <Stack gap={4}>
            <Text size="sm">{t('settings.profileDetail.standardBranding')}</Text>
            <Anchor component={Link} to="/account/company_profile" size="sm">
              {t('settings.profileDetail.companyProfileLink')}
            </Anchor>
          </Stack>
        </Alert>
      ) : !profile.branding ? (
        <Button
          variant="light"
          loading={createBranding.isPending}
          onClick={() => createBranding.mutate(undefined, { onError: (error) => showActionError(error) })}
        >
          {t('settings.profileDetail.createBranding')}
        </Button>
      ) : (
        <BrandingForm profile={profile} branding={profile.branding} version={version} />
      )}
    </Card>
  );
}

function BrandingForm({
  profile,
  branding,
  version,
}: {
  profile: FlowProfileDetail;
  branding: NonNullable<FlowProfileDetail['branding']>;
  version: number;
}) {
  const { t } = useTranslation();
  const { settings, logo } = useFlowProfileChanges(profile.id);
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: {
      sender_name: branding.sender_name,
      brand_button_color: branding.brand_button_color ?? '',
    },
    validate: (v) => ({
      brand_button_color: v.brand_button_color ? schemaError(zBrandColor, v.brand_button_color) : undefined,
    }),
  });
  const submit = onSubmit((v) =>
    settings.mutate(
      { branding: { sender_name: v.sender_name, brand_button_color: v.brand_button_color || null } },
      { onSuccess: () => toast.success(t('common.saved')), onError: showServerError },
    ),
  );
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form noValidate onSubmit={submit}>
          <FormError message={formError} title={t('common.saveFailed')} />
          <Stack gap="sm">
            <TextInput
              label={t('settings.profileDetail.senderName')}
              description={t('settings.profileDetail.senderNameHint')}
              maxLength={100}
              {...inputProps('sender_name')}
            />
            <ColorInput
              label={t('settings.branding.color')}
              description={t('settings.branding.colorHint')}
              format="hex"
              {...inputProps('brand_button_color')}
            />
            <FormActions isPending={settings.isPending} />
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <LogoEditor
          url={`/api/flowprofile/${profile.id}/getlogo`}
          hasLogo={branding.has_logo}
          version={version}
          isPending={logo.isPending}
          canSave
          onUpload={(file) => logo.mutateAsync(file)}
        />
      </Grid.Col>
    </Grid>
  );
}
