import { VERTICAL_TYPE_LABELS } from '@im/domain';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconArrowBackUp, IconCopy, IconPencil } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useVertical } from '../../../api/verticals';
import { DetailScreen } from '../../../ui/detail';
import { FieldList } from '../components/field-list';
import { useVerticalRowActions } from '../components/use-vertical-row-actions';
import { useVerticalTexts } from '../i18n';
import { EditVerticalModal } from '../modals/vertical.modal';

/** Spec 002 sections 2 and 5: one form with its data fields in order. */
export function VerticalDetailScreen() {
  const tx = useVerticalTexts();
  const navigate = useNavigate();
  const id = Number(useParams().verticalId);
  const vertical = useVertical(id);
  const row = useVerticalRowActions();
  const [isEditing, editing] = useDisclosure(false);

  return (
    <DetailScreen
      query={vertical}
      back={{ to: '/vertical_overview', label: tx.backToOverview }}
      loadFailedTitle={tx.loadFailedTitle}
      notFoundMessage={tx.notFound}
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
                    {tx.isRecurring}
                  </Badge>
                )}
                {data.archived && (
                  <Badge color="orange" variant="filled" size="lg" autoContrast>
                    {tx.archivedBadge}
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
                {tx.editVertical}
              </Button>
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                loading={row.actions.duplicate.isPending}
                onClick={() => row.duplicate(data, (copyId) => navigate(`/vertical_detail/${copyId}`))}
              >
                {tx.duplicate}
              </Button>
              {data.archived ? (
                <Button
                  leftSection={<IconArrowBackUp size={16} />}
                  loading={row.actions.restore.isPending}
                  onClick={() => row.restore(data)}
                >
                  {tx.restore}
                </Button>
              ) : (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconArchive size={16} />}
                  loading={row.actions.archive.isPending}
                  onClick={() => void row.archive(data, () => navigate('/vertical_overview'))}
                >
                  {tx.archive}
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
