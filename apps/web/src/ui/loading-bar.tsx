import { LOADING_BAR_THRESHOLD_MS } from '@im/domain';
import { Progress } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A thin bar at the top that appears only when requests stay pending longer than 500 ms. */
export function LoadingBar() {
  const { t } = useTranslation();
  const isBusy = useIsFetching() + useIsMutating() > 0;
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    if (!isBusy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), LOADING_BAR_THRESHOLD_MS);
    return () => window.clearTimeout(timer);
  }, [isBusy]);

  if (!isVisible) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size="xs"
      radius={0}
      aria-label={t('ui.loading')}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
