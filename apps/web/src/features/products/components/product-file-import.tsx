import type { ImportRowError, Product } from '@im/domain';
import { Alert, Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { toast } from '../../../ui/toasts';
import { PRODUCT_KEY } from '../queries';

interface Props<P extends { errors: ImportRowError[] }> {
  productId: number;
  /** importproducttablerows or importmatrix. */
  action: 'importproducttablerows' | 'importmatrix';
  label: string;
  /** What the file will change, from its preview. */
  describe: (preview: P) => string;
}

/** A file for one product's price rows or matrix: checked first (preview), then read in at once. */
export function ProductFileImport<P extends { errors: ImportRowError[] }>({
  productId,
  action,
  label,
  describe,
}: Props<P>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [isBusy, setBusy] = useState(false);
  const send = <T,>(chosen: File, preview: boolean) => {
    const form = new FormData();
    form.append('file', chosen);
    return api.post<T>(`/api/product/${productId}/${action}`, form, {
      query: preview ? { preview: '1' } : {},
    });
  };
  const onChoose = async (chosen: File | null) => {
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview(await send<P>(chosen, true));
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
  const onImport = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const product = await send<Product>(file, false);
      queryClient.setQueryData([...PRODUCT_KEY, productId], product);
      void queryClient.invalidateQueries({ queryKey: ['table'] });
      toast.success(t('productImport.done'));
      close();
    } catch (error) {
      toast.error((error as Error).message, t('common.importFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FileButton onChange={(chosen) => void onChoose(chosen)} accept=".xlsx,.csv,text/csv">
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            leftSection={<IconUpload size={14} />}
            loading={isBusy && !preview}
          >
            {label}
          </Button>
        )}
      </FileButton>
      <Modal opened={preview !== null} onClose={close} title={t('productImport.previewTitle')} centered>
        {preview && (
          <Stack gap="sm">
            {preview.errors.length > 0 ? (
              <Alert color="red" title={t('productImport.hasErrors', { count: preview.errors.length })}>
                <List size="sm">
                  {preview.errors.slice(0, 50).map((e) => (
                    <List.Item key={`${e.row}-${e.message}`}>{e.message}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : (
              <Text>{describe(preview)}</Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void onImport()} disabled={preview.errors.length > 0} loading={isBusy}>
                {t('productImport.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
