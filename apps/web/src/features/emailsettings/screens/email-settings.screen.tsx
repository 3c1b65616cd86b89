import {
  type ContactTemplate,
  type MailTemplate,
  type MessageTemplate,
  mailTemplateTypeLabel,
} from '@im/domain';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebhookConnectionsCard } from '../../webhooks';
import { ImagesCard } from '../components/images-card';
import { SenderCard } from '../components/sender-card';
import { SharedFilesCard } from '../components/shared-files-card';
import { type Open, TemplateCard } from '../components/template-card';
import { type Editing, TemplateModal } from '../modals/template.modal';
import { useDocumentTypes, useEmailSettings } from '../queries';

/**
 * /account/company_emailsettings (spec 000 section 2): the sender of the company's mails (name and
 * Reply-To, decision 036), mail templates (with attached files),
 * message templates and contact templates (create, edit, duplicate and delete each), the e-mail
 * header, footer and customer background images, and the flow files shared with every dossier,
 * and the webhook connections (features/webhooks).
 */
export function EmailSettingsScreen() {
  const { t } = useTranslation();
  const settings = useEmailSettings();
  const { data: documentTypes = [] } = useDocumentTypes();
  const [open, setOpen] = useState<Open>(null);

  if (settings.isError)
    return (
      <Alert color="red" role="alert">
        {t('emailsettings.loadFailed')}
      </Alert>
    );
  if (!settings.data) return <Loader aria-label={t('app.loading')} />;
  const { mailtemplates, messagetemplates, contacttemplates } = settings.data;
  const editing: Editing | null = !open
    ? null
    : open.kind === 'mailtemplate'
      ? { kind: 'mailtemplate', template: mailtemplates.find((m) => m.id === open.id) ?? null }
      : open.kind === 'messagetemplate'
        ? { kind: 'messagetemplate', template: messagetemplates.find((m) => m.id === open.id) ?? null }
        : { kind: 'contacttemplate', template: contacttemplates.find((m) => m.id === open.id) ?? null };

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>{t('emailsettings.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('emailsettings.intro')}
          </Text>
        </div>
        <Anchor component={Link} to="/account/company_mergetags">
          {t('emailsettings.mergeTagsLink')}
        </Anchor>
      </Group>
      <SenderCard sender={settings.data.sender} />
      <TemplateCard
        kind="mailtemplate"
        title={t('emailsettings.mailTemplates')}
        newLabel={t('emailsettings.newMail')}
        rows={mailtemplates}
        columns={[t('emailsettings.type'), t('common.description'), t('common.subject')]}
        cells={(m: MailTemplate) => [
          mailTemplateTypeLabel(m.template_type, documentTypes),
          m.description,
          m.subject,
        ]}
        onOpen={setOpen}
      />
      <TemplateCard
        kind="messagetemplate"
        title={t('emailsettings.messageTemplates')}
        newLabel={t('emailsettings.newMessage')}
        rows={messagetemplates}
        columns={[t('emailsettings.category'), t('common.description')]}
        cells={(m: MessageTemplate) => [m.category, m.description]}
        onOpen={setOpen}
      />
      <TemplateCard
        kind="contacttemplate"
        title={t('emailsettings.contactTemplates')}
        newLabel={t('emailsettings.newContact')}
        rows={contacttemplates}
        columns={[t('common.description')]}
        cells={(m: ContactTemplate) => [m.description]}
        onOpen={setOpen}
      />
      <ImagesCard
        settingsId={settings.data.company_settings_id}
        images={settings.data.images}
        version={settings.dataUpdatedAt}
      />
      <SharedFilesCard files={settings.data.flowfiles} />
      <WebhookConnectionsCard />
      <TemplateModal editing={editing} onClose={() => setOpen(null)} />
    </Stack>
  );
}
