import {
  Alert,
  Button,
  FileButton,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { LoadingBlock } from '../../../ui/loading-block';
import { toast } from '../../../ui/toasts';
import { MediaCard } from '../components/media-card';
import { useMediaFiles, useUploadMediaFile } from '../queries';

const PAGE_SIZE = 24;
const ACCEPT = 'image/*,application/pdf';

/** /account/company_medialibrary: upload, thumbnails, download, rename and delete (spec 000 section 2). */
export function MediaLibraryScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const files = useMediaFiles({ query, page, pageSize: PAGE_SIZE });
  const upload = useUploadMediaFile();
  const [pending, setPending] = useState(0);
  const total = files.data?.pagination.total ?? 0;

  // One at a time: the server decodes one picture at a time anyway, and each answer is its own toast.
  const onFiles = async (chosen: File[]) => {
    setPending(chosen.length);
    for (const file of chosen) {
      try {
        const saved = await upload.mutateAsync(file);
        toast.success(t('mediaLibrary.uploaded', { name: saved.filename }));
      } catch (error) {
        const message = (error as Error).message;
        toast.error(
          isApiError(error, 415) || isApiError(error, 413) || isApiError(error, 422)
            ? `${file.name}: ${message}`
            : t('files.uploadFailed', { name: file.name, error: message }),
        );
      }
      setPending((n) => n - 1);
    }
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{t('mediaLibrary.title')}</Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t('mediaLibrary.intro')}
          </Text>
        </div>
        <FileButton onChange={(chosen) => void onFiles(chosen)} accept={ACCEPT} multiple>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={pending > 0}>
              {t('mediaLibrary.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {pending > 0 && (
        <Text size="sm" role="status">
          {t('mediaLibrary.uploading', { count: pending })}
        </Text>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('mediaLibrary.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem', maxWidth: 420 }}
        />
        {files.data && (
          <Text size="sm" c="dimmed">
            {t('mediaLibrary.total', { count: total })}
          </Text>
        )}
      </Group>
      {files.error && (
        <Alert color="red" role="alert" title={t('mediaLibrary.loadFailed')}>
          {files.error.message}
        </Alert>
      )}
      <LoadingBlock when={files.isPending} h={160} />
      {files.data && total === 0 && (
        <Text c="dimmed">{query ? t('mediaLibrary.noResults') : t('mediaLibrary.empty')}</Text>
      )}
      <SimpleGrid
        cols={{ base: 2, xs: 3, md: 4, lg: 6 }}
        spacing="sm"
        component="ul"
        style={{ padding: 0, margin: 0 }}
        aria-label={t('mediaLibrary.title')}
      >
        {files.data?.data.map((file) => (
          <MediaCard key={file.id} file={file} />
        ))}
      </SimpleGrid>
      {total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label={t('mediaLibrary.page')}
          />
        </Group>
      )}
    </Stack>
  );
}
