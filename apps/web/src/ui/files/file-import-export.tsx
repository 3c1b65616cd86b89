import type { ImportRowError } from '@im/domain';
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import { toast } from '../toasts';

/** What every import's `?preview=1` answers: the rows read and the ones in error. */
interface ImportPreview {
  rows: number;
  errors: ImportRowError[];
}

interface FileImportExportProps<P extends ImportPreview> {
  /** GET: the xlsx export, saved as `exportFileName`. */
  exportPath: string;
  exportFileName: string;
  /** POST of the file: with `preview=1` it is only checked, else it starts the import as a batch job. */
  importPath: string;
  /** The title of the preview dialog. */
  previewTitle: string;
  /** What the import would do. */
  summary: (preview: P) => ReactNode;
  /** The title above the rows in error. */
  errorsTitle: (count: number) => string;
  /** The rows in error. */
  errors: (errors: ImportRowError[]) => ReactNode;
  startLabel: string;
  canStart: (preview: P) => boolean;
  /** The import runs as this batch job. */
  onStarted: (batchId: string) => void;
}

const ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Export (xlsx) and import with a preview: the file is checked first and every bad row named; the
 * import itself runs as a batch job. Renders its two buttons (and the preview dialog) in place.
 */
export function FileImportExport<P extends ImportPreview>({
  exportPath,
  exportFileName,
  importPath,
  previewTitle,
  summary,
  errorsTitle,
  errors,
  startLabel,
  canStart,
  onStarted,
}: FileImportExportProps<P>) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [isBusy, setBusy] = useState(false);

  const upload = <T,>(chosen: File, query: Record<string, string>) => {
    const form = new FormData();
    form.append('file', chosen);
    return api.post<T>(importPath, form, { query });
  };

  const onChoose = async (chosen: File | null) => {
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview(await upload<P>(chosen, { preview: '1' }));
      setFile(chosen);
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

  const onStart = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const { batchId } = await upload<{ batchId: string }>(file, {});
      close();
      onStarted(batchId);
    } catch (error) {
      toast.error((error as Error).message, t('common.importFailed'));
    } finally {
      setBusy(false);
    }
  };

  const onExport = () =>
    downloadFile(exportPath, exportFileName).catch((error: Error) =>
      toast.error(error.message, t('common.exportFailed')),
    );

  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void onExport()}>
        {t('common.export')}
      </Button>
      <FileButton onChange={(chosen) => void onChoose(chosen)} accept={ACCEPT}>
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
      <Modal opened={preview !== null} onClose={close} title={previewTitle} centered size="lg">
        {preview && (
          <Stack gap="sm">
            <Text>{summary(preview)}</Text>
            {preview.errors.length > 0 ? (
              <Alert color="red" title={errorsTitle(preview.errors.length)}>
                {errors(preview.errors)}
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
              <Button onClick={() => void onStart()} disabled={!canStart(preview)} loading={isBusy}>
                {startLabel}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
