import { DOCUMENT_TYPE_STAGE_LABELS } from '@im/domain';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { ListTable } from '../../../ui/data-table/list-table';
import { toast } from '../../../ui/toasts';
import { DocumentTypeModal } from '../modals/document-type.modal';
import { type DocumentType, useDeleteDocumentType } from '../queries';

interface DocumentTypesCardProps {
  types: DocumentType[];
  isFetching: boolean;
  error: Error | null;
}

/** The company's document types (GET /api/documenttype): the two system types and its own. */
export function DocumentTypesCard({ types, isFetching, error }: DocumentTypesCardProps) {
  const { t } = useTranslation();
  const remove = useDeleteDocumentType();
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null);
  const title = t('documentsettings.types.title');

  // The server refuses (409) a system type or one still in use; its reason shows in the toast.
  const onDelete = async (type: DocumentType) => {
    const isConfirmed = await confirm({
      title: t('documentsettings.types.deleteTitle'),
      message: t('documentsettings.types.deleteConfirm', { name: type.description }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(type.id, {
      onSuccess: () => toast.success(t('documentsettings.types.deleted')),
      onError: (failure) => toast.error(failure.message, t('documentsettings.types.deleteFailed')),
    });
  };

  const yesNo = (on: boolean) => (on ? t('common.yes') : t('common.no'));

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          {t('documentsettings.types.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('documentsettings.types.intro')}
      </Text>
      {error ? (
        <Alert color="red">{error.message}</Alert>
      ) : (
        <ListTable<DocumentType>
          records={types}
          fetching={isFetching}
          noRecordsText={t('documentsettings.types.empty')}
          onRowClick={setEditing}
          columns={[
            {
              accessor: 'description',
              title: t('common.description'),
              render: (type) => (
                <Group gap={6} wrap="wrap">
                  <Anchor
                    component="button"
                    type="button"
                    ta="left"
                    onClick={(e) => {
                      e.stopPropagation();
                      setEditing(type);
                    }}
                  >
                    {type.description}
                  </Anchor>
                  {type.system_kind && (
                    <Badge size="xs" variant="light" color="gray" c="#3d4148" style={{ flexShrink: 0 }}>
                      {t('documentsettings.types.system')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'flowstage',
              title: t('documentsettings.types.flowstage'),
              render: (type) => (type.flowstage ? DOCUMENT_TYPE_STAGE_LABELS[type.flowstage] : '—'),
            },
            {
              accessor: 'approval_signature',
              title: t('documentsettings.types.approvalSignature'),
              render: (type) => yesNo(type.approval_signature),
            },
            {
              accessor: 'only_show_approved',
              title: t('documentsettings.types.onlyShowApproved'),
              render: (type) => yesNo(type.only_show_approved),
            },
            { accessor: 'documents', title: t('documentsettings.types.documents'), textAlign: 'right' },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              width: 96,
              render: (type) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('common.edit')}>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('common.editNamed', { name: type.description })}
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing(type);
                      }}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {!type.system_kind && (
                    <Tooltip label={t('common.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t('common.deleteNamed', { name: type.description })}
                        onClick={(e) => {
                          e.stopPropagation();
                          void onDelete(type);
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      <DocumentTypeModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
