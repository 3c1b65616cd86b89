import {
  type ContactTemplate,
  type EmailImageSlot,
  type EmailImages,
  type FileInfo,
  type MailTemplate,
  type MessageTemplate,
  mailTemplateTypeLabel,
} from '@im/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { AuthedImage } from '../../../ui/files/authed-image';
import { FileListCard } from '../../../ui/files/file-list-card';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { WebhookConnectionsCard } from '../../webhooks';
import { SenderCard } from '../components/sender-card';
import { type Editing, TemplateModal } from '../modals/template.modal';
import {
  type TemplateKind,
  useDeleteTemplate,
  useDocumentTypes,
  useDuplicateTemplate,
  useEmailImage,
  useEmailSettings,
  useSharedFlowFiles,
} from '../queries';

type Open = { kind: TemplateKind; id: number | null } | null;

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
                          {t('common.edit')}
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
                          {t('common.duplicate')}
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => void onDelete(row)}
                        >
                          {t('common.delete')}
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

const IMAGE_SLOTS: EmailImageSlot[] = ['emailheader', 'emailfooter', 'customerbackground'];

/** The e-mail header and footer (framing every customer mail) and the customer pages' background. */
function ImagesCard({
  settingsId,
  images,
  version,
}: {
  settingsId: number;
  images: EmailImages;
  version: number;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('emailsettings.images')}>
      <Title order={2} size="h4">
        {t('emailsettings.images')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('emailsettings.imagesIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {IMAGE_SLOTS.map((slot) => (
          <ImageSlotEditor
            key={slot}
            settingsId={settingsId}
            slot={slot}
            url={images[slot]}
            version={version}
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}

function ImageSlotEditor({
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

/** Flow files every dossier of the company offers its customer (terms, warranty, a brochure). */
function SharedFilesCard({ files }: { files: FileInfo[] }) {
  const { t } = useTranslation();
  const { upload, remove } = useSharedFlowFiles(useSession().currentcompany_id);
  return (
    <FileListCard
      title={t('emailsettings.sharedFiles')}
      description={t('emailsettings.sharedFilesIntro')}
      files={files}
      uploading={upload.isPending}
      onUpload={(file) => upload.mutateAsync(file)}
      onDelete={(file) => remove.mutateAsync(file.id)}
    />
  );
}
