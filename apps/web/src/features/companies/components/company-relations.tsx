import type { AdminCount, BatchStarted, RelationImportPreview } from '@im/domain';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconChecks, IconDownload, IconRotate, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { FileImportExport } from '../../../ui/files/file-import-export';
import { toast } from '../../../ui/toasts';

const MAX_ERRORS_SHOWN = 50;

/** Platform administration of a company's relations (spec 000 section 7; decisions 063 and 066). */
export function CompanyRelations({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const base = `/api/company/${companyId}`;
  const ask = (title: string, message: string) => confirm({ title, message, isDanger: true });
  const onDelete = async () => {
    if (!(await ask(t('companies.deleteRelations'), t('companies.deleteRelationsConfirm')))) return;
    try {
      const { batchId } = await api.post<BatchStarted>(`${base}/deleterelations`);
      openBatchProgress({ batchId, title: t('companies.deleteRelations') });
    } catch (error) {
      toast.error((error as Error).message, t('companies.deleteRelations'));
    }
  };
  const onComplete = async () => {
    if (!(await ask(t('companies.completeAllActions'), t('companies.completeAllActionsConfirm')))) return;
    try {
      const { count } = await api.post<AdminCount>(`${base}/completeallactions`);
      toast.success(t('companies.actionsCompleted', { count }));
    } catch (error) {
      toast.error((error as Error).message, t('companies.completeAllActions'));
    }
  };
  const onResetLeads = async () => {
    if (!(await ask(t('companies.resetAllLeads'), t('companies.resetAllLeadsConfirm')))) return;
    try {
      const { count } = await api.post<AdminCount>(`${base}/resetallleads`);
      toast.success(t('companies.leadsReset', { count }));
    } catch (error) {
      toast.error((error as Error).message, t('companies.resetAllLeads'));
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('companies.relationsHint')}
      </Text>
      <Group gap="xs" wrap="wrap">
        <FileImportExport<RelationImportPreview>
          exportPath={`${base}/exportrelations`}
          exportFileName="relaties.xlsx"
          importPath={`${base}/importrelations`}
          previewTitle={t('companies.relationsImportTitle')}
          summary={(preview) =>
            t('companies.relationsImportSummary', {
              rows: preview.rows,
              create: preview.create,
              existing: preview.existing,
              duplicate: preview.duplicate,
            })
          }
          errorsTitle={(count) => t('companies.relationsImportErrors', { count })}
          errors={(errors) => (
            <List size="sm">
              {errors.slice(0, MAX_ERRORS_SHOWN).map((e) => (
                <List.Item key={`${e.row}-${e.message}`}>
                  {t('flowImports.row')} {e.row}: {e.message}
                </List.Item>
              ))}
            </List>
          )}
          startLabel={t('companies.relationsImportStart')}
          canStart={(preview) => preview.errors.length === 0 && preview.create > 0}
          onStarted={(batchId) => openBatchProgress({ batchId, title: t('companies.relationsImportTitle') })}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            void downloadFile(`${base}/exportrelations?format=csv`, 'relaties.csv').catch((error: Error) =>
              toast.error(error.message),
            )
          }
        >
          {t('companies.exportRelationsCsv')}
        </Button>
        <Button variant="default" leftSection={<IconChecks size={16} />} onClick={() => void onComplete()}>
          {t('companies.completeAllActions')}
        </Button>
        <Button variant="default" leftSection={<IconRotate size={16} />} onClick={() => void onResetLeads()}>
          {t('companies.resetAllLeads')}
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => void onDelete()}
        >
          {t('companies.deleteRelations')}
        </Button>
      </Group>
    </Stack>
  );
}
