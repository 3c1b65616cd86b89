import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { hasLoadFailed, RefreshFailedNotice } from './load-failure';

/** The parts of a TanStack query result the frame reads. */
export interface DetailQuery<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

interface DetailScreenProps<T> {
  query: DetailQuery<T>;
  /** The overview the '← …' link above the screen goes back to. */
  back: { to: string; label: string };
  loadFailedTitle: string;
  /** Shown for a 404 (or no data): the server's message otherwise. */
  notFoundMessage: string;
  children: (data: T) => ReactNode;
}

/**
 * A detail screen's frame: the back link, a loader, and on a load failure the breaking-error state
 * of spec 001 section 8 (a filled red alert instead of the screen); a failed read again keeps the screen.
 */
export function DetailScreen<T>({
  query,
  back,
  loadFailedTitle,
  notFoundMessage,
  children,
}: DetailScreenProps<T>) {
  const { t } = useTranslation();
  const backLink = (
    <Anchor component={Link} to={back.to} size="sm">
      ← {back.label}
    </Anchor>
  );
  if (query.isPending && query.fetchStatus !== 'idle') return <Loader aria-label={t('app.loading')} />;
  if (hasLoadFailed(query) || !query.data) {
    return (
      <Stack gap="md" maw={900}>
        {backLink}
        <Alert color="red" variant="filled" icon={<IconAlertOctagon />} title={loadFailedTitle} role="alert">
          {query.error && !isApiError(query.error, 404) ? query.error.message : notFoundMessage}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={1400}>
      {backLink}
      <RefreshFailedNotice query={query} />
      {children(query.data)}
    </Stack>
  );
}
