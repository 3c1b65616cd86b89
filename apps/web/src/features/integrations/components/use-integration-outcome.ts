import { INTEGRATION_CHANNEL } from '@im/domain';
import { useEffect } from 'react';

export interface IntegrationOutcome {
  ok: boolean;
  message: string;
}

/**
 * The authorization window's last page tells every open screen of the app how the link went (BroadcastChannel:
 * same origin), and the opener when it is still reachable; both may arrive, the second is let through once.
 */
export function useIntegrationOutcome(onOutcome: (outcome: IntegrationOutcome) => void): void {
  useEffect(() => {
    let handled = '';
    function receive(origin: string, raw: unknown) {
      if (origin !== window.location.origin) return;
      const data = raw as { type?: string; ok?: boolean; message?: string } | null;
      if (data?.type !== INTEGRATION_CHANNEL) return;
      const key = `${data.ok}:${data.message}:${Math.floor(Date.now() / 2000)}`;
      if (key === handled) return;
      handled = key;
      onOutcome({ ok: data.ok === true, message: data.message ?? '' });
    }
    const onMessage = (event: MessageEvent) => receive(event.origin, event.data);
    window.addEventListener('message', onMessage);
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(INTEGRATION_CHANNEL);
    if (channel) channel.onmessage = (event) => receive(window.location.origin, event.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [onOutcome]);
}
