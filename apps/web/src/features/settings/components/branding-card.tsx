import { type FlowSettingsLists, zBrandColor, zUpdateFlowSettings } from '@im/domain';
import { Card, ColorInput, Grid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSaveCompanySettings, useUploadCompanyLogo } from '../queries';
import { LogoEditor } from './logo-editor';

/** The company's application name, description, button colour and logo. */
export function BrandingCard({
  settings,
  version,
  canSave,
}: {
  settings: FlowSettingsLists;
  version: number;
  canSave: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveCompanySettings(settings.id);
  const logo = useUploadCompanyLogo(settings.id);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: {
      appname: settings.appname,
      appdescription: settings.appdescription,
      brand_button_color: settings.brand_button_color ?? '',
    },
    validate: (v) => ({
      appname: schemaError(zUpdateFlowSettings, { appname: v.appname }),
      brand_button_color: v.brand_button_color ? schemaError(zBrandColor, v.brand_button_color) : undefined,
    }),
  });
  const submit = onSubmit((v) =>
    save.mutate(
      { ...v, brand_button_color: v.brand_button_color || null },
      saveCallbacks(t('common.saved'), () => undefined),
    ),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="branding-title">
      <Title order={2} size="h4" id="branding-title" mb="sm">
        {t('settings.branding.title')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form noValidate onSubmit={submit}>
            <FormError message={formError} title={t('common.saveFailed')} />
            <Stack gap="sm">
              <TextInput
                label={t('settings.branding.appname')}
                required
                maxLength={200}
                readOnly={!canSave}
                {...inputProps('appname')}
              />
              <TextInput
                label={t('settings.branding.appdescription')}
                maxLength={2000}
                readOnly={!canSave}
                {...inputProps('appdescription')}
              />
              <ColorInput
                label={t('settings.branding.color')}
                description={t('settings.branding.colorHint')}
                format="hex"
                readOnly={!canSave}
                {...inputProps('brand_button_color')}
              />
              {canSave && <FormActions isPending={save.isPending} />}
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <LogoEditor
            url={`/api/companysettings/${settings.id}/getcompanylogo`}
            hasLogo={settings.has_logo}
            version={version}
            isPending={logo.isPending}
            canSave={canSave}
            onUpload={(file) => logo.mutateAsync(file)}
          />
        </Grid.Col>
      </Grid>
    </Card>
  );
}
