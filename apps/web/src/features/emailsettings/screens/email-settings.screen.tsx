import {
  type ContactTemplate,
  MAIL_TEMPLATE_TYPE_LABELS,
  type MailTemplate,
  type MessageTemplate,
} from '@im/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { type Editing, TemplateModal } from '../modals/template.modal';
import { type TemplateKind, useDeleteTemplate, useDuplicateTemplate, useEmailSettings } from '../queries';

type Open = { kind: TemplateKind; id: number | null } | null;

/**
 * /account/company_emailsettings (spec 000 section 2): mail templates (with attached files),
 * message templates and contact templates; create, edit, duplicate and delete each. The images
 * and shared flow files of this screen's spec arrive with the settings issue; the webhook
 * connection list with the workflow issue.
 */
export function EmailSettingsScreen() {
  const { t } = useTranslation();
  const settings = useEmailSettings();
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
      <TemplateCard
        kind="mailtemplate"
        title={t('emailsettings.mailTemplates')}
        newLabel={t('emailsettings.newMail')}
        rows={mailtemplates}
        columns={[t('emailsettings.type'), t('emailsettings.description'), t('emailsettings.subject')]}
        cells={(m: MailTemplate) => [MAIL_TEMPLATE_TYPE_LABELS[m.template_type], m.description, m.subject]}
        onOpen={setOpen}
      />
      <TemplateCard
        kind="messagetemplate"
        title={t('emailsettings.messageTemplates')}
        newLabel={t('emailsettings.newMessage')}
        rows={messagetemplates}
        columns={[t('emailsettings.category'), t('emailsettings.description')]}
        cells={(m: MessageTemplate) => [m.category, m.description]}
        onOpen={setOpen}
      />
      <TemplateCard
        kind="contacttemplate"
        title={t('emailsettings.contactTemplates')}
        newLabel={t('emailsettings.newContact')}
        rows={contacttemplates}
        columns={[t('emailsettings.description')]}
        cells={(m: ContactTemplate) => [m.description]}
        onOpen={setOpen}
      />
      <TemplateModal editing={editing} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function TemplateCard<T extends { id: number; description: string }>({
  kind,
  title,
  newLabel,
  rows,
  columns,
  cells,
  onOpen,
}: {
  kind: TemplateKind;
  title: string;
  newLabel: string;
  rows: T[];
  columns: string[];
  cells: (row: T) => ReactNode[];
  onOpen: (open: Open) => void;
}) {
  const { t } = useTranslation();
  const duplicate = useDuplicateTemplate(kind);
  const remove = useDeleteTemplate(kind);
  const onDelete = async (row: T) => {
    if (
      !(await confirm({
        title: t('emailsettings.deleteTitle'),
        message: t('emailsettings.deleteConfirm'),
        isDanger: true,
      }))
    )
      return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success(t('emailsettings.deleted')),
      onError: (error) => showActionError(error, t('emailsettings.deleteFailed')),
    });
  };
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => onOpen({ kind, id: null })}>
          {newLabel}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('emailsettings.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {cells(row).map((cell, i) => (
                    <Table.Td key={columns[i]}>
                      {i === (kind === 'mailtemplate' ? 1 : kind === 'messagetemplate' ? 1 : 0) ? (
                        <Anchor component="button" type="button" onClick={() => onOpen({ kind, id: row.id })}>
                          {cell}
                        </Anchor>
                      ) : (
                        cell
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label={t('emailsettings.actions', { name: row.description })}
                        >
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconPencil size={14} />}
                          onClick={() => onOpen({ kind, id: row.id })}
                        >
                          {t('emailsettings.edit')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconCopy size={14} />}
                          onClick={() =>
                            duplicate.mutate(row.id, {
                              onSuccess: () => toast.success(t('emailsettings.duplicated')),
                              onError: (error) => showActionError(error),
                            })
                          }
                        >
                          {t('emailsettings.duplicate')}
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => void onDelete(row)}
                        >
                          {t('emailsettings.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
