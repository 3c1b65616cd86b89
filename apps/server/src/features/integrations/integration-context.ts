// What the integration use-cases need beyond a transaction: the server's settings, the secret box, the job
// queue and the providers. One per server (tests run several in one process).
import type { AccountingService, CalendarService } from '@im/domain';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { type SecretBox, secretBoxFor } from '../../platform/integrations/secret-box';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logger';
import type { AccountingProvider } from './accounting-provider';
import type { CalendarProvider } from './calendar-provider';
import { exactOnline } from './exact-online';
import { googleCalendar } from './google-calendar';
import { outlookCalendar } from './outlook-calendar';
import { snelstart } from './snelstart';

export interface IntegrationContext {
  config: Config;
  db: Database;
  jobs: Jobs;
  logger: Logger;
  box: SecretBox;
  timeoutMs: number;
  accounting: Partial<Record<AccountingService, AccountingProvider>>;
  calendars: Record<CalendarService, CalendarProvider>;
}

const contexts = new WeakMap<Deps, IntegrationContext>();

export function integrationContext(deps: Deps): IntegrationContext {
  let ctx = contexts.get(deps);
  if (!ctx) {
    ctx = {
      config: deps.config,
      db: deps.db,
      jobs: deps.jobs,
      logger: deps.logger,
      box: secretBoxFor(deps.config),
      timeoutMs: deps.config.INTEGRATION_TIMEOUT_SECONDS * 1000,
      accounting: { exact: exactOnline, snelstart },
      calendars: { gcal: googleCalendar, outlook: outlookCalendar },
    };
    contexts.set(deps, ctx);
  }
  return ctx;
}

/** Where a provider sends the user back after the authorization (the public callback). */
export const callbackUrl = (config: Config, service: string) =>
  `${config.APP_URL}/api/integrations/${service}/callback`;
