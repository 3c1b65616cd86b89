import { hasPortalFlag, type PortalLink as PortalLinkAnswer, type SessionData } from '@im/domain';
import { NavLink } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, isApiError } from '../../api/client';
import { toast } from '../../ui/toasts';

/**
 * The side menu's link to the external portal (spec 000 section 2, decision 067), for a user with the
 * experimental feature flag `portal`. A click asks the server for a 5-minute token made for the portal and
 * opens the environment's portal address with it in a new tab; the session token never leaves the app.
 * The tab is opened at the click (a browser allows a pop-up only then) and sent on once the answer is in.
 */
export function PortalLink({ session, onNavigate }: { session: SessionData; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!hasPortalFlag(session.experimental_feature_flags)) return null;

  const open = async () => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    setBusy(true);
    try {
      const link = await apiRequest<PortalLinkAnswer>('POST', '/api/user/portaltoken');
      if (tab) tab.location.replace(link.url);
      else window.location.assign(link.url);
      onNavigate();
    } catch (error) {
      tab?.close();
      toast.error(isApiError(error) ? error.message : t('menu.portalFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <NavLink
      component="button"
      type="button"
      label={t('menu.portal')}
      description={t('menu.portalHint')}
      leftSection={<IconExternalLink size={18} stroke={1.6} />}
      disabled={busy}
      onClick={() => void open()}
    />
  );
}
