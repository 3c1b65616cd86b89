import type { BatchStarted } from '@im/domain';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useCompanyOptions } from '../../../api/companies';
import { downloadFile } from '../../../api/download';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';

/** Platform administration of a company's catalogue: export, copy from another company, delete. */
export function CompanyProducts({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const [origin, setOrigin] = useState<string | null>(null);

  const start = async (path: string, body: unknown, title: string, message: string) => {
    if (!(await confirm({ title, message, isDanger: !path.includes('copy') }))) return;
    try {
      const { batchId } = await api.post<BatchStarted>(path, body);
      openBatchProgress({ batchId, title });
    } catch (error) {
      toast.error((error as Error).message, title);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('companies.productsHint')}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('companies.copyProductsFrom')}
          data={(companies.data ?? []).filter((c) => c.value !== String(companyId))}
          value={origin}
          onChange={setOrigin}
          searchable
          w={280}
        />
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          disabled={!origin}
          onClick={() =>
            void start(
              `/api/company/${companyId}/copyproductsfromothercompany`,
              { origin_company_id: Number(origin) },
              t('companies.copyProducts'),
              t('companies.copyProductsConfirm'),
            )
          }
        >
          {t('companies.copyProducts')}
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            void downloadFile(`/api/company/${companyId}/exportproducts`, 'producten.xlsx').catch(
              (error: Error) => toast.error(error.message),
            )
          }
        >
          {t('companies.exportProducts')}
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() =>
            void start(
              `/api/company/${companyId}/deleteproducts`,
              undefined,
              t('companies.deleteProducts'),
              t('companies.deleteProductsConfirm'),
            )
          }
        >
          {t('companies.deleteProducts')}
        </Button>
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() =>
            void start(
              `/api/company/${companyId}/deleteproductspermanently`,
              undefined,
              t('companies.deleteProductsPermanently'),
              t('companies.deleteProductsPermanentlyConfirm'),
            )
          }
        >
          {t('companies.deleteProductsPermanently')}
        </Button>
      </Group>
    </Stack>
  );
}
