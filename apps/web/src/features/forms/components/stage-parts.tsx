import type { Intake, Picture, Project, ProjectDetail } from '@im/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../../api/download';
import { useVerticals } from '../../../api/verticals';
import { confirm } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { useDeleteAttachment, useStageAction, useStageTemplates, useUploadAttachment } from '../queries';
import { PictureGallery, type PictureTarget, PictureUpload } from './picture-gallery';
import { TemplateNameModal } from './stage-common';

export function SectionCard({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/** All photos of an intake, project or flow, with upload and the zip of them all. */
export function PicturesCard({
  pictures,
  target,
  zipPath,
  zipName,
}: {
  pictures: Picture[];
  target: PictureTarget;
  zipPath: string;
  zipName: string;
}) {
  const { t } = useTranslation();
  const [isZipping, setZipping] = useState(false);
  const onZip = async () => {
    setZipping(true);
    try {
      await downloadFile(zipPath, zipName, 'POST');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setZipping(false);
    }
  };
  return (
    <SectionCard
      title={t('forms.pictures')}
      actions={
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          onClick={() => void onZip()}
          loading={isZipping}
          disabled={pictures.length === 0}
        >
          {t('forms.downloadAllPictures')}
        </Button>
      }
    >
      <Stack gap="sm">
        <PictureGallery pictures={pictures} />
        <PictureUpload target={target} />
      </Stack>
    </SectionCard>
  );
}

export function TasksCard({ tasks }: { tasks: ProjectDetail['tasks'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('forms.tasks')}>
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms.noTasks')}
        </Text>
      ) : (
        <Stack gap={4}>
          {tasks.map((t) => (
            <Group key={t.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{t.description}</Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(t.start_date)} · {t.status}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** Save as template (asks a name) and apply a template (adds its forms). */
export function TemplateActions({ kind, id }: { kind: 'intake' | 'project'; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useStageAction<never>(kind, id);
  const [isSaving, setSaving] = useState(false);
  const [isApplying, setApplying] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = useStageTemplates(kind, isApplying);
  const onSave = async (name: string) => {
    const created = (await action.mutateAsync({ action: 'saveastemplate', body: { name } })) as unknown as {
      id: number;
    };
    setSaving(false);
    toast.success(t('forms.templateSaved'));
    navigate(`/${kind}template_detail/${created.id}`);
  };
  const onApply = async () => {
    if (
      !templateId ||
      !(await confirm({ title: t('forms.resetToTemplate'), message: t('forms.confirmReset') }))
    )
      return;
    await action.mutateAsync({
      action: 'resettotemplate',
      body:
        kind === 'intake'
          ? { intaketemplate_id: Number(templateId) }
          : { projecttemplate_id: Number(templateId) },
    });
    setApplying(false);
  };
  return (
    <>
      <Button variant="default" size="sm" onClick={() => setSaving(true)}>
        {t('forms.saveAsTemplate')}
      </Button>
      <Button variant="default" size="sm" onClick={() => setApplying(true)}>
        {t('forms.resetToTemplate')}
      </Button>
      <TemplateNameModal
        opened={isSaving}
        title={t('forms.saveAsTemplate')}
        onClose={() => setSaving(false)}
        onSave={(name) => void onSave(name)}
        isPending={action.isPending}
        error={action.error?.message}
      />
      <Modal
        opened={isApplying}
        onClose={() => setApplying(false)}
        title={t('forms.resetToTemplate')}
        closeOnClickOutside={false}
      >
        <Stack>
          <Select
            label={t('forms.chooseTemplate')}
            data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={templateId}
            onChange={setTemplateId}
            error={action.error?.message}
          />
          <Group justify="flex-end">
            <Button onClick={() => void onApply()} disabled={!templateId} loading={action.isPending}>
              {t('forms.resetToTemplate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** A template's own fields: name, description and the forms a new one starts with. */
export function TemplateFields({
  template,
  type,
  onSave,
  isSaving,
  error,
}: {
  template: Intake | Project;
  type: 'intake' | 'project';
  onSave: (body: { name: string; description: string; vertical_ids: number[] }) => void;
  isSaving: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const verticals = useVerticals(type);
  const [name, setName] = useState(template.name);
  const [description, setDescription] = useState(template.description);
  const [ids, setIds] = useState(template.vertical_ids.map(String));
  return (
    <SectionCard title={t('forms.forms')}>
      <Stack gap="sm">
        <TextInput
          label={t('common.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <TextInput
          label={t('common.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <MultiSelect
          label={t('forms.formsOfTemplate')}
          data={(verticals.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
          value={ids}
          onChange={setIds}
          searchable
        />
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            loading={isSaving}
            disabled={!name.trim()}
            onClick={() => onSave({ name, description, vertical_ids: ids.map(Number) })}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

/** A project's attachments: upload (images and PDF), download and delete. */
export function AttachmentsCard({
  projectId,
  attachments,
}: {
  projectId: number;
  attachments: ProjectDetail['attachments'];
}) {
  const { t } = useTranslation();
  const upload = useUploadAttachment(projectId);
  const remove = useDeleteAttachment();
  return (
    <SectionCard
      title={t('forms.attachments')}
      actions={
        <FileButton
          onChange={(file) =>
            file &&
            upload.mutate(file, {
              onError: (error) => toast.error(error.message),
              onSuccess: () => toast.success(t('forms.attachmentAdded')),
            })
          }
          accept="image/*,application/pdf"
        >
          {(props) => (
            <Button
              {...props}
              size="sm"
              variant="light"
              leftSection={<IconPaperclip size={16} />}
              loading={upload.isPending}
            >
              {t('forms.addAttachment')}
            </Button>
          )}
        </FileButton>
      }
    >
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms.noAttachments')}
        </Text>
      ) : (
        <Stack gap={4}>
          {attachments.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void downloadFile(a.url, a.filename)}
              >
                {a.filename}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`${t('common.delete')}: ${a.filename}`}
                onClick={async () => {
                  if (
                    await confirm({
                      title: t('common.delete'),
                      message: t('forms.confirmDeleteAttachment'),
                      isDanger: true,
                    })
                  )
                    remove.mutate(a.id);
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
