import type { ProductImportPreview } from '@im/domain';
import { List } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { FileImportExport } from '../../../ui/files/file-import-export';
import { useSession } from '../../auth';
import { PRODUCT_TABLE_PATH } from '../queries';

const MAX_ERRORS_SHOWN = 50;

/**
 * Export of the catalogue (xlsx) and import with a preview: the file is checked first and every bad
 * row named; only a file without errors is read in, as a batch job with progress.
 */
export function ProductImportExport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const companyId = useSession().currentcompany_id;
  return (
    <FileImportExport<ProductImportPreview>
      exportPath={`/api/company/${companyId}/exportproducts`}
      exportFileName="producten.xlsx"
      importPath={`/api/company/${companyId}/importproducts`}
      previewTitle={t('productImport.previewTitle')}
      summary={(preview) =>
        t('productImport.summary', { rows: preview.rows, create: preview.create, update: preview.update })
      }
      errorsTitle={(count) => t('productImport.hasErrors', { count })}
      errors={(errors) => (
        <List size="sm">
          {errors.slice(0, MAX_ERRORS_SHOWN).map((e) => (
            <List.Item key={`${e.row}-${e.message}`}>{e.message}</List.Item>
          ))}
        </List>
      )}
      startLabel={t('productImport.confirm')}
      canStart={(preview) => preview.errors.length === 0 && preview.rows !== 0}
      onStarted={(batchId) =>
        openBatchProgress({
          batchId,
          title: t('productImport.title'),
          onFinished: () => void queryClient.invalidateQueries({ queryKey: ['table', PRODUCT_TABLE_PATH] }),
        })
      }
    />
  );
}
