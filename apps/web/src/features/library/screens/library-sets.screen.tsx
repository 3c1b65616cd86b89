import { LIBRARY_ITEM_KIND_LABELS, type LibrarySet } from '@im/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasModule } from '../../../api/access';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { LoadingBlock } from '../../../ui/loading-block';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { ImportSetModal } from '../modals/import-set.modal';
import { LibraryItemModal, LibrarySetModal, type SetEditing } from '../modals/library-set.modal';
import { useLibraryAdmin, useLibrarySets } from '../queries';

const PAGE_SIZE = 24;

/** /account/company_library: search the shared library sets and import them (spec 000 section 2). */
export function LibrarySetsScreen() {
  const { t } = useTranslation();
  const isAdmin = hasModule(useSession(), 'ADMIN');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const sets = useLibrarySets(query, page, PAGE_SIZE);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<SetEditing>(null);
  const [addingTo, setAddingTo] = useState<number | null>(null);
  const total = sets.data?.pagination.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{t('librarySets.title')}</Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t('librarySets.intro')}
          </Text>
          {isAdmin && (
            <Text size="sm" mt={4}>
              {t('librarySets.curated')}
            </Text>
          )}
        </div>
        {isAdmin && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ set: null })}>
            {t('librarySets.newSet')}
          </Button>
        )}
      </Group>
      <TextInput
        label={t('librarySets.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {sets.error && (
        <Alert color="red" role="alert" title={t('librarySets.loadFailed')}>
          {sets.error.message}
        </Alert>
      )}
      <LoadingBlock when={sets.isPending} h={160} />
      {sets.data && total === 0 && (
        <Text c="dimmed">{query ? t('librarySets.noResults') : t('librarySets.empty')}</Text>
      )}
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        style={{ padding: 0, margin: 0 }}
      >
        {sets.data?.data.map((set) => (
          <SetCard
            key={set.id}
            set={set}
            isAdmin={isAdmin}
            onOpen={() => setOpenId(set.id)}
            onEdit={() => setEditing({ set })}
            onAddItem={() => setAddingTo(set.id)}
          />
        ))}
      </SimpleGrid>
      {total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label={t('librarySets.page')}
          />
        </Group>
      )}
      <ImportSetModal setId={openId} isAdmin={isAdmin} onClose={() => setOpenId(null)} />
      <LibrarySetModal editing={editing} onClose={() => setEditing(null)} />
      <LibraryItemModal setId={addingTo} onClose={() => setAddingTo(null)} />
    </Stack>
  );
}

function SetCard({
  set,
  isAdmin,
  onOpen,
  onEdit,
  onAddItem,
}: {
  set: LibrarySet;
  isAdmin: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onAddItem: () => void;
}) {
  const { t } = useTranslation();
  const { deleteSet } = useLibraryAdmin();
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('librarySets.deleteSet'),
      message: t('librarySets.deleteSetMessage'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    deleteSet.mutate(set.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => showActionError(error),
    });
  };
  return (
    <Card withBorder padding="md" component="li" aria-label={set.name} style={{ listStyle: 'none' }}>
      <Stack gap="xs" h="100%" justify="space-between">
        <div>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4">
              {set.name}
            </Title>
            {isAdmin && (
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" size="lg" aria-label={t('librarySets.editSet')} onClick={onEdit}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('librarySets.deleteSet')}
                  onClick={() => void remove()}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {set.description}
          </Text>
          <Group gap={4} mt="xs">
            {set.kinds.map((k) => (
              <Badge key={k.kind} variant="light">
                {k.count} × {LIBRARY_ITEM_KIND_LABELS[k.kind]}
              </Badge>
            ))}
            {set.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
        </div>
        <Group gap="xs">
          <Button onClick={onOpen} disabled={set.items_count === 0}>
            {t('librarySets.open')}
          </Button>
          {isAdmin && (
            <Button variant="default" leftSection={<IconPlus size={14} />} onClick={onAddItem}>
              {t('librarySets.newItem')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('librarySets.items', { count: set.items_count })}
        </Text>
      </Stack>
    </Card>
  );
}
