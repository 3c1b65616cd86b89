import type { ProductImportPreview } from '@im/domain';
import { Alert, Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { PRODUCT_TABLE_PATH } from '../queries';

const MAX_ERRORS_SHOWN = 50;

/**
 * Export of the catalogue (xlsx) and import with a preview: the file is checked first and every bad
 * row named; only a file without errors is read in, as a batch job with progress.
 */
export function ProductImportExport() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const companyId = session.currentcompany_id;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ProductImportPreview | null>(null);
  const [isBusy, setBusy] = useState(false);

  const upload = (chosen: File, query: Record<string, string>) => {
    const form = new FormData();
    form.append('file', chosen);
    return api.post<ProductImportPreview | { batchId: string }>(
      `/api/company/${companyId}/importproducts`,
      form,
      { query },
    );
  };

  const onChoose = async (chosen: File | null) => {
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview((await upload(chosen, { preview: '1' })) as ProductImportPreview);
      setFile(chosen);
    } catch (error) {
      toast.error((error as Error).message, t('common.importFailed'));
    } finally {
      setBusy(false);
    }
  };

  const onImport = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = (await upload(file, {})) as { batchId: string };
      close();
      openBatchProgress({
        batchId: answer.batchId,
        title: t('productImport.title'),
        onFinished: () => void queryClient.invalidateQueries({ queryKey: ['table', PRODUCT_TABLE_PATH] }),
      });
    } catch (error) {
      toast.error((error as Error).message, t('common.importFailed'));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setPreview(null);
    setFile(null);
  };

  const onExport = () =>
    downloadFile(`/api/company/${companyId}/exportproducts`, 'producten.xlsx').catch((error: Error) =>
      toast.error(error.message, t('common.exportFailed')),
    );

  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void onExport()}>
        {t('common.export')}
      </Button>
      <FileButton
        onChange={(chosen) => void onChoose(chosen)}
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconUpload size={16} />}
            loading={isBusy && !preview}
          >
            {t('common.import')}
          </Button>
        )}
      </FileButton>
      <Modal
        opened={preview !== null}
        onClose={close}
        title={t('productImport.previewTitle')}
        centered
        size="lg"
      >
        {preview && (
          <Stack gap="sm">
            <Text>
              {t('productImport.summary', {
                rows: preview.rows,
                create: preview.create,
                update: preview.update,
              })}
            </Text>
            {preview.errors.length > 0 ? (
              <Alert color="red" title={t('productImport.hasErrors', { count: preview.errors.length })}>
                <List size="sm">
                  {preview.errors.slice(0, MAX_ERRORS_SHOWN).map((e) => (
                    <List.Item key={`${e.row}-${e.message}`}>{e.message}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : (
              <Text c="dimmed" size="sm">
                {t('common.importReady')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() => void onImport()}
                disabled={preview.errors.length > 0 || preview.rows === 0}
                loading={isBusy}
              >
                {t('productImport.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
