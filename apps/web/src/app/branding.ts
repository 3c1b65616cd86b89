import { type Branding, DEFAULT_BRANDING, type SessionData } from '@im/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client';
import { i18n } from '../i18n';
import { safeColor } from './safe-color';

function defaultBranding(): Branding {
  return {
    ...DEFAULT_BRANDING,
    appname: i18n.t('app.defaultName'),
    appdescription: i18n.t('app.defaultDescription'),
  };
}

export { safeColor };

/** Before login the host name decides the branding; a host without one, or a failure, means the defaults. */
export function useHostBranding(): Branding {
  const host = window.location.hostname;
  const query = useQuery({
    queryKey: ['branding', host],
    queryFn: ({ signal }) =>
      api.get<Partial<Branding>>(`/api/portal/branding/hostname/${encodeURIComponent(host)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const fallback = defaultBranding();
  const data = query.data ?? {};
  return {
    appname: data.appname || fallback.appname,
    appdescription: data.appdescription || fallback.appdescription,
    logo_url: data.logo_url || null,
    background_url: data.background_url || null,
    brand_button_color: safeColor(data.brand_button_color),
    is_default: data.is_default ?? true,
  };
}

/** After login the session's appname/appdescription win. */
export function sessionBranding(session: SessionData, host: Branding): Branding {
  return {
    ...host,
    appname: session.appname || host.appname,
    appdescription: session.appdescription || host.appdescription,
  };
}

export function useDocumentTitle(appname: string): void {
  useEffect(() => {
    document.title = appname;
  }, [appname]);
}
