import { STATISTICS_EXPORT_TYPES, type StatisticsExportType } from '@im/domain';
import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { exportStatistics } from '../queries';

/** exportstatistics as xlsx or csv from `dateFrom` (the screen's first day) to today; the browser keeps the server's file name. */
export function ExportMenu({ dateFrom }: { dateFrom?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const run = async (type: StatisticsExportType) => {
    setBusy(true);
    try {
      await exportStatistics(session.currentcompany_id, type, dateFrom);
      toast.success(t('statistics.export.done'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error), t('statistics.export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button leftSection={<IconDownload size={16} />} variant="light" loading={busy}>
          {t('statistics.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {STATISTICS_EXPORT_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => void run(type)}>
            {t(`statistics.export.${type}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
