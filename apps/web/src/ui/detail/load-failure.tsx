import { Alert } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';

/** The parts of a query result that say whether a detail could be loaded. */
export interface LoadedQuery {
  data: unknown;
  error: Error | null;
  isError: boolean;
}

/**
 * A detail cannot be shown: it never loaded, or it is gone (404) since. A failed read again of what is on
 * screen (the live channel, a save, network trouble on the road) is not a load failure: the screen stays,
 * with an open dialog and what was typed in it, and says so (`RefreshFailedNotice`).
 */
export function hasLoadFailed(query: LoadedQuery): boolean {
  return query.isError && (query.data === undefined || isApiError(query.error, 404));
}

/** Above a detail whose read again failed: what shows is the last loaded state, and why it is not newer. */
export function RefreshFailedNotice({ query }: { query: LoadedQuery }) {
  const { t } = useTranslation();
  if (!query.isError || query.data === undefined) return null;
  return (
    <Alert color="yellow" icon={<IconRefreshAlert size={18} />} title={t('app.refreshFailed')} role="status">
      {query.error?.message}
    </Alert>
  );
}
