import {
  Button,
  ColorInput,
  Group,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, isApiError } from '../../../api/client';
import { i18n } from '../../../i18n';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { type CompanyDetail, type UpdateCompanyRequest, useUpdateCompany } from '../queries';

type Values = {
  name: string;
  country: string;
  lat: string;
  lng: string;
  appname: string;
  appdescription: string;
  brand_button_color: string;
  hostnames: string[];
};

function toValues(company: CompanyDetail): Values {
  const settings = company.companysettings;
  return {
    name: company.name,
    country: company.country,
    lat: company.lat === null ? '' : String(company.lat),
    lng: company.lng === null ? '' : String(company.lng),
    appname: settings.appname,
    appdescription: settings.appdescription,
    brand_button_color: settings.brand_button_color ?? '',
    hostnames: settings.hostnames,
  };
}

/** '' is "no coordinate"; a Dutch decimal comma is accepted. */
export function parseCoordinate(value: string): number | null {
  const text = value.trim().replace(',', '.');
  return text === '' ? null : Number(text);
}

function coordinateError(value: string, limit: number, message: string): string | undefined {
  const n = parseCoordinate(value);
  return n === null || (Number.isFinite(n) && Math.abs(n) <= limit) ? undefined : message;
}

const validate = (v: Values) => ({
  name: required(v.name),
  country: required(v.country),
  appname: required(v.appname),
  lat: coordinateError(v.lat, 90, i18n.t('companies.latRange')),
  lng: coordinateError(v.lng, 180, i18n.t('companies.lngRange')),
  brand_button_color:
    v.brand_button_color === '' || /^#[0-9a-fA-F]{6}$/.test(v.brand_button_color)
      ? undefined
      : i18n.t('companies.colorFormat'),
});

export function toUpdateRequest(v: Values): UpdateCompanyRequest {
  return {
    name: v.name.trim(),
    country: v.country.trim(),
    lat: parseCoordinate(v.lat),
    lng: parseCoordinate(v.lng),
    companysettings: {
      appname: v.appname.trim(),
      appdescription: v.appdescription.trim(),
      brand_button_color: v.brand_button_color === '' ? null : v.brand_button_color.toLowerCase(),
      hostnames: v.hostnames.map((h) => h.trim().toLowerCase()).filter(Boolean),
    },
  };
}

/** The server names settings fields `companysettings.hostnames`; the form calls them `hostnames`. */
function withFormFieldNames(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([field, messages]) => [
      field.replace(/^companysettings\./, '').split('.')[0] ?? field,
      messages,
    ]),
  );
  return new ApiError(error.status, error.message, errors);
}

/** The company fields of spec 000 section 3 that the API exposes: details, location, branding. */
export function CompanyForm({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const { inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: toValues(company),
    validate,
  });

  const submit = onSubmit((values) =>
    update.mutate(toUpdateRequest(values), {
      onSuccess: () => toast.success(t('companies.saved')),
      onError: (error) => showServerError(withFormFieldNames(error)),
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('common.name')} required {...inputProps('name')} />
          <TextInput label={t('common.country')} required {...inputProps('country')} />
          <TextInput label={t('companies.lat')} inputMode="decimal" {...inputProps('lat')} />
          <TextInput label={t('companies.lng')} inputMode="decimal" {...inputProps('lng')} />
        </SimpleGrid>
        <Title order={3} size="h5" mt="sm">
          {t('companies.brandingTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('companies.appname')} required {...inputProps('appname')} />
          <ColorInput
            label={t('companies.buttonColor')}
            format="hex"
            swatches={['#1864ab', '#2b8a3e', '#e67700', '#c92a2a', '#862e9c']}
            {...inputProps('brand_button_color')}
          />
        </SimpleGrid>
        <Textarea
          label={t('companies.appdescription')}
          autosize
          minRows={2}
          {...inputProps('appdescription')}
        />
        <TagsInput
          label={t('companies.hostnames')}
          description={t('companies.hostnamesHelp')}
          maxTags={20}
          splitChars={[',', ' ']}
          {...inputProps('hostnames')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
