import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../../../ui/data-table/list-table';
import { AvailableBadge } from '../components/available-badge';
import { WidgetTypeModal } from '../modals/widget-type.modal';
import { type DocumentWidgetType, useAllWidgetTypes, widgetTypePath } from '../queries';

/** /documentwidgettype_overview (platform administration): every widget type, also inactive ones. */
export function WidgetTypeOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useAllWidgetTypes();
  const [isCreating, setCreating] = useState(false);
  const records = types.data ?? [];

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>{t('documentsettings.widgetTypes.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('documentsettings.widgetTypes.intro')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={!types.data}>
          {t('documentsettings.widgetTypes.new')}
        </Button>
      </Group>
      {types.isError && <Alert color="red">{types.error.message}</Alert>}
      <ListTable<DocumentWidgetType>
        records={records}
        fetching={types.isFetching}
        noRecordsText={t('documentsettings.widgetTypes.empty')}
        onRowClick={(type) => navigate(widgetTypePath(type.id))}
        columns={[
          {
            accessor: 'tag',
            title: t('documentsettings.widgetTypes.tag'),
            render: (type) => (
              <Anchor component={Link} to={widgetTypePath(type.id)} onClick={(e) => e.stopPropagation()}>
                {type.tag}
              </Anchor>
            ),
          },
          { accessor: 'description', title: t('common.description') },
          {
            accessor: 'is_active',
            title: t('common.active'),
            render: (type) => (type.is_active ? t('common.yes') : t('common.no')),
          },
          {
            accessor: 'available',
            title: t('documentsettings.widgetTypes.available'),
            render: (type) => <AvailableBadge type={type} />,
          },
          {
            accessor: 'widgets',
            title: t('documentsettings.widgetTypes.usedIn'),
            textAlign: 'right',
            render: (type) => t('documentsettings.widgetTypes.widgets', { count: type.widgets }),
          },
        ]}
      />
      <WidgetTypeModal
        editing={isCreating ? { takenTags: records.map((type) => type.tag) } : null}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}
