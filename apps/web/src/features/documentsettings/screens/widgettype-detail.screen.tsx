import { WIDGET_TAG_LABELS } from '@im/domain';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailActions, DetailScreen, useConfirmedDelete } from '../../../ui/detail';
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
          {t('documentsettings.widgetTypes.detailsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label={t('documentsettings.widgetTypes.tag')}>
            {type.tag} ({WIDGET_TAG_LABELS[type.tag]})
          </Field>
          <Field label={t('documentsettings.widgetTypes.description')}>{type.description}</Field>
          <Field label={t('documentsettings.widgetTypes.active')}>
            {type.is_active ? t('common.yes') : t('common.no')}
          </Field>
          <Field label={t('documentsettings.widgetTypes.available')}>
            <AvailableBadge type={type} />
          </Field>
          <Field label={t('documentsettings.widgetTypes.usedIn')}>
            {t('documentsettings.widgetTypes.widgets', { count: type.widgets })}
          </Field>
          <Field label={t('documentsettings.widgetTypes.createdAt')}>{formatDateTime(type.created_at)}</Field>
          <Field label={t('documentsettings.widgetTypes.updatedAt')}>{formatDateTime(type.updated_at)}</Field>
        </SimpleGrid>
      </Card>
      <WidgetTypeModal editing={isEditing ? { type } : null} onClose={() => setEditing(false)} />
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
