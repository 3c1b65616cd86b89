import { WIDGET_TAG_LABELS } from '@im/domain';
import { Card, Group, SimpleGrid, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailActions, DetailField, DetailScreen, useConfirmedDelete } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { AvailableBadge } from '../components/available-badge';
import { WidgetTypeModal } from '../modals/widget-type.modal';
import { type DocumentWidgetType, useDeleteWidgetType, useWidgetType } from '../queries';

const OVERVIEW = '/documentwidgettype_overview';

/** /documentwidgettype_detail/:documentwidgettypeId: one widget type, edit and delete. */
export function WidgetTypeDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().documentwidgettypeId);
  const type = useWidgetType(id);
  return (
    <DetailScreen
      query={type}
      back={{ to: OVERVIEW, label: t('documentsettings.widgetTypes.title') }}
      loadFailedTitle={t('documentsettings.widgetTypes.loadFailed')}
      notFoundMessage={t('documentsettings.widgetTypes.notFound')}
    >
      {(data) => <WidgetTypeDetail type={data} />}
    </DetailScreen>
  );
}

function WidgetTypeDetail({ type }: { type: DocumentWidgetType }) {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const remove = useDeleteWidgetType();
  const confirmDelete = useConfirmedDelete(remove, OVERVIEW);
  // A type still used by widgets answers 409 with the reason: shown as an alert.
  const onDelete = () =>
    void confirmDelete(type.id, {
      title: t('documentsettings.widgetTypes.deleteTitle'),
      message: t('documentsettings.widgetTypes.deleteConfirm', { name: type.description }),
      deleted: t('documentsettings.widgetTypes.deleted'),
    });

  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{type.description}</Title>
        <DetailActions onEdit={() => setEditing(true)} onDelete={onDelete} isDeleting={remove.isPending} />
      </Group>
      <Card withBorder padding="lg" maw={720}>
        <Title order={2} size="h4" mb="md">
          {t('common.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DetailField label={t('documentsettings.widgetTypes.tag')}>
            {type.tag} ({WIDGET_TAG_LABELS[type.tag]})
          </DetailField>
          <DetailField label={t('common.description')}>{type.description}</DetailField>
          <DetailField label={t('common.active')}>
            {type.is_active ? t('common.yes') : t('common.no')}
          </DetailField>
          <DetailField label={t('documentsettings.widgetTypes.available')}>
            <AvailableBadge type={type} />
          </DetailField>
          <DetailField label={t('documentsettings.widgetTypes.usedIn')}>
            {t('documentsettings.widgetTypes.widgets', { count: type.widgets })}
          </DetailField>
          <DetailField label={t('common.createdAt')}>{formatDateTime(type.created_at)}</DetailField>
          <DetailField label={t('documentsettings.widgetTypes.updatedAt')}>
            {formatDateTime(type.updated_at)}
          </DetailField>
        </SimpleGrid>
      </Card>
      <WidgetTypeModal editing={isEditing ? { type } : null} onClose={() => setEditing(false)} />
    </>
  );
}
