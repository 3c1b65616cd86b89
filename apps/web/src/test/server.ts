import type { SessionData } from '@im/domain';
import { type MockCall, mockFetch } from './fetch-mock';

type Answer = { status?: number; body?: unknown };
export type MockRoute = (call: MockCall) => Answer | undefined;

/**
 * A fake of the contract's endpoints the shell always calls (current user, branding, system
 * notifications), plus whatever a test adds. Unknown calls answer 404 like the real server.
 */
export function mockServer(
  options: { session?: SessionData | null; routes?: Record<string, MockRoute> } = {},
) {
  const routes = options.routes ?? {};
  return mockFetch((call) => {
    const path = call.url.split('?')[0] ?? call.url;
    const key = `${call.method} ${path}`;
    const custom = routes[key];
    if (custom) return custom(call);
    if (key === 'GET /api/user/getcurrentuser') {
      return options.session
        ? { body: options.session }
        : { status: 401, body: { message: 'Unauthenticated.' } };
    }
    if (key === 'GET /api/systemnotification/active') return { body: [] };
    if (key === 'GET /api/user/getcommunicatorcounts') return { body: { unread: 0, unanswered: 0 } };
    if (key === 'GET /api/user/getdashboardnotifications') return { body: { unread_count: 0, items: [] } };
    return undefined;
  });
}
