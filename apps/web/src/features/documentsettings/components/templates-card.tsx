import { DOCUMENT_TEXTS, type DocumentKind } from '@im/domain';
import { ActionIcon, Alert, Anchor, Button, Card, Group, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirm } from '../../../ui/confirm-dialog';
import { ListTable } from '../../../ui/data-table/list-table';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { NewTemplateModal } from '../modals/new-template.modal';
import {
  type DocumentType,
  type TemplateRef,
  templateDetailPath,
  useDeleteTemplate,
  useTemplates,
} from '../queries';

interface TemplatesCardProps {
  kind: DocumentKind;
  documentTypes: DocumentType[];
}

/** One kind's templates (GET /api/{kind}/indextemplates): open, add and delete. */
export function TemplatesCard({ kind, documentTypes }: TemplatesCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = useTemplates(kind);
  const remove = useDeleteTemplate(kind);
  const [isCreating, creating] = useDisclosure(false);
  const title = t(`documentsettings.templates.${kind}`);

  const onDelete = async (template: TemplateRef) => {
    const isConfirmed = await confirm({
      title: t('documentsettings.deleteTemplateTitle'),
      message: t('documentsettings.deleteTemplateConfirm', { name: template.title }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(template.id, {
      onSuccess: () => toast.success(t('documentsettings.templateDeleted')),
      onError: (error) => toast.error(error.message, DOCUMENT_TEXTS.templateDeleteFailedTitle),
    });
  };

  const typeName = (id: number | null) => documentTypes.find((type) => type.id === id)?.description ?? '';
  const columns: DataTableColumn<TemplateRef>[] = [
    {
      accessor: 'title',
      title: t('common.title'),
      render: (template) => (
        <Anchor
          component={Link}
          to={templateDetailPath(kind, template.id)}
          onClick={(e) => e.stopPropagation()}
        >
          {template.title}
        </Anchor>
      ),
    },
    ...(kind === 'document'
      ? [
          {
            accessor: 'document_type_id',
            title: t('common.documentType'),
            render: (template: TemplateRef) => typeName(template.document_type_id),
          },
        ]
      : []),
    {
      accessor: 'updated_at',
      title: t('documentsettings.lastChange'),
      render: (template) => formatDateTime(template.updated_at),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      width: 60,
      render: (template) => (
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('common.deleteNamed', { name: template.title })}
            onClick={(e) => {
              e.stopPropagation();
              void onDelete(template);
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={creating.open}>
          {t('documentsettings.newTemplate')}
        </Button>
      </Group>
      {templates.isError ? (
        <Alert color="red">{templates.error.message}</Alert>
      ) : (
        <ListTable<TemplateRef>
          records={templates.data ?? []}
          fetching={templates.isFetching}
          noRecordsText={t('documentsettings.noTemplates')}
          onRowClick={(template) => navigate(templateDetailPath(kind, template.id))}
          columns={columns}
        />
      )}
      <NewTemplateModal
        opened={isCreating}
        onClose={creating.close}
        kind={kind}
        documentTypes={documentTypes}
      />
    </Card>
  );
}
