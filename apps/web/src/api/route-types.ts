import type { ModuleTag } from '@im/domain';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Catalog } from '../i18n/nl';

/**
 * public: anyone; staff: needs login (plus module and role). The customer's hash links are not
 * here: they are the customer pages entry (customer.html, src/customer).
 */
export type RouteAccess = 'public' | 'staff';

/** auth: centred card with branding; page: plain page (in the shell when logged in); shell: app shell. */
export type RouteLayout = 'auth' | 'page' | 'shell' | 'bare';

/** Side-menu sections below the main entries (spec 000: platform administration, settings area). */
export type MenuGroup = keyof Catalog['menuGroups'];

export interface MenuSpec {
  labelKey: keyof Catalog['menu'];
  group?: MenuGroup;
  icon: Icon;
  /** The spec groups the side menu by module; this module must be present to show the entry. */
  module: ModuleTag;
  order: number;
  /** The Dashboard entry points at the user's own dashboard (see dashboardPathFor). */
  isHome?: boolean;
}

export interface RouteSpec {
  /** react-router pattern, e.g. `/relation_detail/:relationId`. */
  path: string;
  access: RouteAccess;
  module: ModuleTag | null;
  minRole: number;
  /** Query parameters the screen reads (`?usecase=sales`). */
  query?: readonly string[];
  /** Allowed values of a path parameter; anything else is an unknown route. */
  paramValues?: Readonly<Record<string, readonly string[]>>;
  menu?: MenuSpec;
  /** A partner user (user type partner) may open it; every other staff route is closed to them. */
  partner?: boolean;
}

/** What a feature's routes.tsx contributes: the screen for one path of the table. */
export interface ScreenEntry {
  path: string;
  Screen: ComponentType;
  layout?: RouteLayout;
}

export interface AppRoute extends RouteSpec {
  /** null: the screen is not built yet; the route then renders the 404 page. */
  Screen: ComponentType | null;
  layout: RouteLayout;
}
