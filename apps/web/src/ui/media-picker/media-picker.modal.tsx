import type { MediaFile } from '@im/domain';
import {
  Alert,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthedImage } from '../files/authed-image';
import { LoadingBlock } from '../loading-block';
import { useIsPhone } from '../responsive';
import { mediaThumbnailUrl, useMediaFiles } from './use-media-files';

const PAGE_SIZE = 12;

/**
 * Chooses a picture of the company's media library (mail templates and document widgets use it): a
 * searchable, server-paged grid of thumbnails; a full-screen sheet on a phone.
 */
export function MediaPickerModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (file: MediaFile) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title={t('mediaPicker.title')} size="xl" fullScreen={isPhone}>
      {opened && (
        <PickerBody
          onPick={(file) => {
            onPick(file);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function PickerBody({ onPick }: { onPick: (file: MediaFile) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const files = useMediaFiles({ query, page, pageSize: PAGE_SIZE, imagesOnly: true });
  const total = files.data?.pagination.total ?? 0;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('mediaPicker.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
      />
      {files.error && (
        <Alert color="red" role="alert" title={t('mediaPicker.loadFailed')}>
          {files.error.message}
        </Alert>
      )}
      <LoadingBlock when={files.isPending} h={120} />
      {files.data && total === 0 && (
        <Text c="dimmed" size="sm">
          {query ? t('mediaPicker.noResults') : t('mediaPicker.empty')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {files.data?.data.map((file) => (
          <UnstyledButton
            key={file.id}
            onClick={() => onPick(file)}
            aria-label={t('mediaPicker.pick', { name: file.filename })}
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 6,
              padding: 6,
              minHeight: 44,
            }}
          >
            <AuthedImage url={mediaThumbnailUrl(file.id)} alt={file.filename} h={110} fit="contain" />
            <Text size="xs" truncate mt={4}>
              {file.filename}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label={t('mediaPicker.page')}
          />
        </Group>
      )}
    </Stack>
  );
}
