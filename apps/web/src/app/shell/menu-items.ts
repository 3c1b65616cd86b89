import type { SessionData } from '@im/domain';
import { dashboardPathFor, hasModule } from '../../api/access';
import type { AppRoute, MenuGroup, MenuSpec } from '../../api/route-types';
import { decideRoute } from '../guard';
import { ROUTES } from '../route-table';

export interface MenuItem {
  path: string;
  to: string;
  labelKey: MenuSpec['labelKey'];
  icon: MenuSpec['icon'];
  group: MenuGroup | null;
}

/**
 * The side menu, read from the route table: an entry shows when the company has the menu's module
 * (spec 000 "Side menu"), the guard would let the user in, and the target screen exists.
 */
export function buildMenu(session: SessionData, routes: readonly AppRoute[] = ROUTES): MenuItem[] {
  const items: (MenuItem & { order: number })[] = [];
  for (const route of routes) {
    const menu = route.menu;
    if (!menu || !hasModule(session, menu.module)) continue;
    const to = menu.isHome ? dashboardPathFor(session) : route.path;
    const decision = decideRoute(to.split('?')[0] ?? to, session, routes);
    if (decision.type !== 'allow' || !decision.route.Screen) continue;
    items.push({
      path: route.path,
      to,
      labelKey: menu.labelKey,
      icon: menu.icon,
      group: menu.group ?? null,
      order: menu.order,
    });
  }
  return items.sort((a, b) => a.order - b.order).map(({ order: _order, ...item }) => item);
}
