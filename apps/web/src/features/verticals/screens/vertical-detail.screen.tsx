import { VERTICAL_TYPE_LABELS } from '@im/domain';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconArrowBackUp, IconCopy, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useVertical } from '../../../api/verticals';
import { DetailScreen } from '../../../ui/detail';
import { FieldList } from '../components/field-list';
import { useVerticalRowActions } from '../components/use-vertical-row-actions';
import { EditVerticalModal } from '../modals/vertical.modal';

/** Spec 002 sections 2 and 5: one form with its data fields in order. */
export function VerticalDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().verticalId);
  const vertical = useVertical(id);
  const row = useVerticalRowActions();
  const [isEditing, editing] = useDisclosure(false);

  return (
    <DetailScreen
      query={vertical}
      back={{ to: '/vertical_overview', label: t('verticals.backToOverview') }}
      loadFailedTitle={t('verticals.loadFailedTitle')}
      notFoundMessage={t('verticals.notFound')}
    >
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="sm" wrap="wrap">
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {data.name}
                </Title>
                <Badge variant="light" size="lg">
                  {VERTICAL_TYPE_LABELS[data.type]}
                </Badge>
                {data.is_recurring && (
                  <Badge variant="outline" color="gray" size="lg">
                    {t('verticals.isRecurring')}
                  </Badge>
                )}
                {data.archived && (
                  <Badge color="orange" variant="filled" size="lg" autoContrast>
                    {t('verticals.archivedBadge')}
                  </Badge>
                )}
              </Group>
              {data.description && (
                <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {data.description}
                </Text>
              )}
            </Stack>
            <Group gap="xs" wrap="wrap">
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={editing.open}>
                {t('verticals.editVertical')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                loading={row.actions.duplicate.isPending}
                onClick={() => row.duplicate(data, (copyId) => navigate(`/vertical_detail/${copyId}`))}
              >
                {t('common.duplicate')}
              </Button>
              {data.archived ? (
                <Button
                  leftSection={<IconArrowBackUp size={16} />}
                  loading={row.actions.restore.isPending}
                  onClick={() => row.restore(data)}
                >
                  {t('verticals.restore')}
                </Button>
              ) : (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconArchive size={16} />}
                  loading={row.actions.archive.isPending}
                  onClick={() => void row.archive(data, () => navigate('/vertical_overview'))}
                >
                  {t('verticals.archive')}
                </Button>
              )}
            </Group>
          </Group>
          <FieldList vertical={data} />
          <EditVerticalModal vertical={data} opened={isEditing} onClose={editing.close} />
        </>
      )}
    </DetailScreen>
  );
}
