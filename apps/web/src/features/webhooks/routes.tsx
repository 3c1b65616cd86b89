import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const WebhookConnectionDetailScreen = lazy(() =>
  import('./screens/webhook-connection-detail.screen').then((m) => ({
    default: m.WebhookConnectionDetailScreen,
  })),
);

export const webhooksScreens: ScreenEntry[] = [
  { path: '/webhookconnection_detail/:connectionId', Screen: WebhookConnectionDetailScreen },
];
