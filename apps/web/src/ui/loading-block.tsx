import { Box, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Holds a section's place while its data loads, so nothing below it jumps when the rows arrive
 * (decision 020).
 */
export function LoadingBlock({ when, h = 72 }: { when: boolean; h?: number }) {
  const { t } = useTranslation();
  return when ? (
    <Box role="status" aria-label={t('app.loading')}>
      <Skeleton h={h} radius="sm" />
    </Box>
  ) : null;
}
