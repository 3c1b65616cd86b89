import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  type DocumentKind,
  type FlowProfileDetail,
  MAIL_TEMPLATE_TYPE_LABELS,
  MAIL_TEMPLATE_TYPES,
  type MailTemplateType,
  type ModuleTag,
  zFlowProfileInput,
} from '@im/domain';
import { Card, Divider, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasModule } from '../../../api/access';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSession } from '../../auth';
import {
  useDocumentTemplates,
  useFlowProfileChanges,
  useMailTemplates,
  useStandardCalculations,
} from '../queries';

/** The module a kind's templates need (docs/api/documents.md). */
const KIND_MODULE: Record<DocumentKind, ModuleTag> = {
  quotation: 'QUOTATION',
  confirmation: 'CONFIRMATION',
  document: 'PROJECT',
  invoice: 'INVOICE',
};

type Values = { name: string; standard_calculation_id: string } & Record<`template_${DocumentKind}`, string> &
  Record<`mail_${MailTemplateType}`, string>;

const idOrNull = (value: string) => (value ? Number(value) : null);

function KindTemplateSelect({ kind, props }: { kind: DocumentKind; props: object }) {
  const { t } = useTranslation();
  const templates = useDocumentTemplates(kind);
  return (
    <Select
      label={DOCUMENT_KIND_LABELS[kind].one}
      placeholder={t('settings.profileDetail.companyDefault')}
      data={(templates.data ?? []).map((x) => ({ value: String(x.id), label: x.title }))}
      {...props}
    />
  );
}

/** Name, standard template per document kind, standard calculation and mail template per type. */
export function ProfileTemplatesCard({ profile }: { profile: FlowProfileDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const { save } = useFlowProfileChanges(profile.id);
  const calculations = useStandardCalculations();
  const mailTemplates = useMailTemplates();
  const kinds = DOCUMENT_KINDS.filter((kind) => hasModule(session, KIND_MODULE[kind]));
  const initialValues = {
    name: profile.name,
    standard_calculation_id: profile.standard_calculation_id ? String(profile.standard_calculation_id) : '',
    ...Object.fromEntries(
      DOCUMENT_KINDS.map((k) => [`template_${k}`, String(profile.template_ids[k] ?? '')]),
    ),
    ...Object.fromEntries(
      MAIL_TEMPLATE_TYPES.map((m) => [`mail_${m}`, String(profile.mailtemplate_ids[m] ?? '')]),
    ),
  } as Values;
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues,
    validate: (v) => ({ name: schemaError(zFlowProfileInput.shape.name, v.name) }),
  });
  // A select offers its clear button only when something is chosen.
  const selectProps = (field: Extract<keyof Values, string>) => {
    const props = inputProps(field);
    return { ...props, clearable: Boolean(props.value) };
  };
  const submit = onSubmit((v) =>
    save.mutate(
      {
        name: v.name,
        standard_calculation_id: idOrNull(v.standard_calculation_id),
        template_ids: Object.fromEntries(kinds.map((k) => [k, idOrNull(v[`template_${k}`])])),
        mailtemplate_ids: Object.fromEntries(MAIL_TEMPLATE_TYPES.map((m) => [m, idOrNull(v[`mail_${m}`])])),
      },
      saveCallbacks(t('common.saved'), () => undefined),
    ),
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-templates-title">
      <form noValidate onSubmit={submit}>
        <FormError message={formError} title={t('common.saveFailed')} />
        <Stack gap="sm">
          <TextInput label={t('common.name')} required maxLength={200} {...inputProps('name')} />
          <Divider />
          <div>
            <Title order={2} size="h4" id="profile-templates-title">
              {t('settings.profileDetail.templates')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.profileDetail.templatesIntro')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {kinds.map((kind) => (
              <KindTemplateSelect key={kind} kind={kind} props={selectProps(`template_${kind}`)} />
            ))}
            <Select
              label={t('settings.profileDetail.standardCalculation')}
              placeholder={t('settings.profileDetail.companyDefault')}
              data={(calculations.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              {...selectProps('standard_calculation_id')}
            />
          </SimpleGrid>
          <Divider />
          <div>
            <Title order={3} size="h5">
              {t('settings.profileDetail.mailTemplates')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.profileDetail.mailTemplatesIntro')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {MAIL_TEMPLATE_TYPES.map((type) => (
              <Select
                key={type}
                label={MAIL_TEMPLATE_TYPE_LABELS[type]}
                placeholder={t('settings.profileDetail.companyDefault')}
                data={(mailTemplates.data ?? [])
                  .filter((m) => m.template_type === type)
                  .map((m) => ({ value: String(m.id), label: m.description || m.subject }))}
                {...selectProps(`mail_${type}`)}
              />
            ))}
          </SimpleGrid>
          <FormActions isPending={save.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
