import { type ModuleTag, ROLE } from '@im/domain';
import {
  IconAddressBook,
  IconAdjustmentsHorizontal,
  IconAffiliate,
  IconAlertTriangle,
  IconApps,
  IconBolt,
  IconBooks,
  IconBuilding,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconCalendar,
  IconCalendarCheck,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconComponents,
  IconFileInvoice,
  IconFileSettings,
  IconFileText,
  IconForms,
  IconHistory,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconMail,
  IconPackage,
  IconPhoto,
  IconPresentationAnalytics,
  IconPuzzle,
  IconReceipt,
  IconSpeakerphone,
  IconTags,
  IconTargetArrow,
  IconTrash,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { matchPath } from 'react-router';
import type { AppRoute, RouteSpec, ScreenEntry } from '../api/route-types';
import { accountScreens } from '../features/account/routes';
import { authScreens } from '../features/auth/routes';
import { communicationScreens } from '../features/communication/routes';
import { companiesScreens } from '../features/companies/routes';
import { dashboardScreens } from '../features/dashboard/routes';
import { documentsScreens } from '../features/documents/routes';
import { documentSettingsScreens } from '../features/documentsettings/routes';
import { emailSettingsScreens } from '../features/emailsettings/routes';
import { errorScreens } from '../features/errors/routes';
import { flowImportsScreens } from '../features/flowimports/routes';
import { flowsScreens } from '../features/flows/routes';
import { formsScreens } from '../features/forms/routes';
import { incidentScreens } from '../features/incidents/routes';
import { invoicesScreens } from '../features/invoices/routes';
import { librarySetsScreens } from '../features/library/routes';
import { mediaLibraryScreens } from '../features/medialibrary/routes';
import { modulesScreens } from '../features/modules/routes';
import { organizationsScreens } from '../features/organizations/routes';
import { partnerProjectsScreens } from '../features/partnerprojects/routes';
import { partnersScreens } from '../features/partners/routes';
import { pipelineScreens } from '../features/pipeline/routes';
import { planningScreens } from '../features/planning/routes';
import { productsScreens } from '../features/products/routes';
import { publicScreens } from '../features/public/routes';
import { relationsScreens } from '../features/relations/routes';
import { searchScreens } from '../features/search/routes';
import { settingsScreens } from '../features/settings/routes';
import { statisticsScreens } from '../features/statistics/routes';
import { subscriptionsScreens } from '../features/subscriptions/routes';
import { systemNotificationsScreens } from '../features/systemnotifications/routes';
import { usersScreens } from '../features/users/routes';
import { verticalsScreens } from '../features/verticals/routes';
import { webhooksScreens } from '../features/webhooks/routes';
import { workflowScreens } from '../features/workflow/routes';

// The one route table: every route of spec 000 section 2 (plus /note_detail of spec 001) with its
// access rule. The guard, the side menu, the router and the tests all read it. Screens come from the
// features' routes.tsx; a route without a screen renders the 404 page until its issue builds it.

type Extra = Pick<RouteSpec, 'query' | 'paramValues' | 'menu' | 'partner'> & { minRole?: number };

const MIN_ROLE = ROLE.UITVOEREND;

const open = (path: string): RouteSpec => ({ path, access: 'public', module: null, minRole: 0 });
const staff = (path: string, module: ModuleTag | null, extra: Extra = {}): RouteSpec => {
  const { minRole = MIN_ROLE, ...rest } = extra;
  return { path, access: 'staff', module, minRole, ...rest };
};
const settings = (path: string, extra?: Extra) => staff(path, 'SETTINGS', extra);
const admin = (path: string, extra?: Extra) => staff(path, 'ADMIN', extra);

export const ROUTE_SPECS: readonly RouteSpec[] = [
  // Public
  open('/login'),
  open('/register'),
  open('/lostpassword'),
  open('/resetpassword/:token'),
  open('/privacypolicy'),
  ...['/401', '/403', '/404', '/500', '/503'].map(open),

  // The customer pages (spec 002 section 2: /customer_..._detail/{hash}, no login) are a separate
  // entry, customer.html with its own router (src/customer); src/customer-redirect.js (inlined into index.html) sends their
  // links there before any staff code runs (decision 024).

  // Dashboards. /dashboard is a minimal welcome screen for now; the full dashboards (statistics,
  // widgets) arrive with their own issues. /dashboardadmin lists the companies (main company only).
  staff('/dashboard', 'BASIS', {
    query: ['usecase'],
    menu: { labelKey: 'dashboard', icon: IconLayoutDashboard, module: 'BASIS', order: 10, isHome: true },
  }),
  ...['/dashboardv1', '/dashboard2', '/dashboardv2', '/dashboard_sales', '/dashboard_project'].map((p) =>
    staff(p, 'BASIS'),
  ),
  admin('/dashboardadmin'),
  // A partner user opens only the routes marked `partner` (decision 056).
  staff('/dashboard_partner', 'PARTNER', { partner: true }),

  // Partners
  staff('/partner_overview', 'PARTNERMANAGEMENT', {
    menu: { labelKey: 'partners', icon: IconAffiliate, module: 'PARTNERMANAGEMENT', order: 35 },
  }),
  staff('/partner_detail/:partnerId', 'PARTNERMANAGEMENT'),
  staff('/partnerproject_logitems/:partnerProjectId', 'PARTNERMANAGEMENT'),
  staff('/partnerproject_detail/:partnerProjectId', 'PROJECTMANAGEMENT'),

  // CRM
  staff('/pipeline', 'CRM', {
    menu: { labelKey: 'pipeline', icon: IconLayoutKanban, module: 'CRM', order: 45 },
  }),
  staff('/calendar', 'CRM', {
    menu: { labelKey: 'calendar', icon: IconCalendar, module: 'CRM', order: 47 },
  }),
  staff('/logitem_overview', 'CRM', {
    menu: { labelKey: 'logitems', icon: IconHistory, module: 'CRM', order: 49 },
  }),
  ...[
    '/communicator',
    '/notification_overview',
    '/agendaitem_detail/:agendaitemId',
    '/relation_trashcan',
    '/relation_bulkdelete',
    '/relation_emptytrash',
    '/relation_detail/:relationId',
    '/organization_detail/:organizationId',
    '/note_detail/:noteId',
  ].map((p) => staff(p, 'CRM')),
  // One search over a case file (decision 055; not in the spec's route list).
  staff('/search', 'CRM', { query: ['query', 'kind'] }),
  staff('/relation_overview', 'CRM', {
    menu: { labelKey: 'relations', icon: IconAddressBook, module: 'CRM', order: 20 },
  }),
  staff('/organization_overview', 'CRM', {
    menu: { labelKey: 'organizations', icon: IconBuilding, module: 'CRM', order: 30 },
  }),
  staff('/flow_overview', 'CRM', {
    menu: { labelKey: 'leads', icon: IconTargetArrow, module: 'CRM', order: 40 },
  }),
  staff('/incident_overview', 'CRM', {
    menu: { labelKey: 'incidents', icon: IconAlertTriangle, module: 'CRM', order: 44 },
  }),
  staff('/flow_detail/:flowId', 'CRM', { query: ['options'] }),
  staff('/flow_partner/:flowId', 'CRM', { query: ['options'], partner: true }),
  staff('/document_partner/:documentId', 'CRM', { query: ['documentType'], partner: true }),
  staff('/flow_bulkimport', 'CRM', { minRole: ROLE.BULK_IMPORT }),

  // Actions and tasks
  staff('/action_overview', 'BASIS', {
    menu: { labelKey: 'actions', icon: IconChecklist, module: 'BASIS', order: 46 },
  }),
  staff('/task_overview', 'BASIS', {
    query: ['view'],
    menu: { labelKey: 'tasks', icon: IconCalendarCheck, module: 'BASIS', order: 48 },
  }),

  // Sales and delivery documents
  staff('/intake_overview', 'INTAKE', {
    menu: { labelKey: 'intakes', icon: IconClipboardList, module: 'SALES', order: 60 },
  }),
  staff('/intake_detail/:intakeId', 'INTAKE', { query: ['formId'] }),
  staff('/quotation_overview', 'QUOTATION', {
    menu: { labelKey: 'quotations', icon: IconFileText, module: 'SALES', order: 70 },
  }),
  staff('/quotation_detail/:quotationId', 'QUOTATION'),
  staff('/document_overview', 'QUOTATION'),
  staff('/confirmation_overview', 'CONFIRMATION'),
  staff('/confirmation_detail/:confirmationId', 'CONFIRMATION'),
  staff('/document_detail/:documentId', 'PROJECT'),
  staff('/project_overview', 'PROJECT'),
  staff('/project_detail/:projectId', 'PROJECT', { query: ['formId'] }),
  staff('/invoice_overview', 'INVOICE', {
    menu: { labelKey: 'invoices', icon: IconFileInvoice, module: 'SALES', order: 80 },
  }),
  staff('/overdueinvoice_overview.html', 'INVOICE'),
  staff('/invoice_overview_quarterly', 'INVOICE'),
  staff('/invoice_detail/:invoiceId', 'INVOICE'),
  staff('/aftercare_detail/:flowId', 'AFTERCARE', { query: ['formId'] }),

  // No module
  staff('/releasenotes', null),
  staff('/account/user_profile', null),

  // SETTINGS
  ...[
    'company_realtime_statistics',
    'company_lead_statistics',
    'company_flowprofiles/:flowProfileId',
    'company_mergetags',
    'company_intakesettings',
    'company_projectsettings',
    'company_calculationsettings',
    'company_aftercaresettings',
  ].map((p) => settings(`/account/${p}`)),
  settings('/account/company_statistics', {
    menu: {
      labelKey: 'companyStatistics',
      icon: IconChartBar,
      module: 'SETTINGS',
      order: 915,
      group: 'settings',
    },
  }),
  settings('/account/company_profile', {
    menu: {
      labelKey: 'companyProfile',
      icon: IconBuildingStore,
      module: 'SETTINGS',
      order: 905,
      group: 'settings',
    },
  }),
  settings('/account/company_flowprofiles', {
    menu: {
      labelKey: 'companyFlowprofiles',
      icon: IconAdjustmentsHorizontal,
      module: 'SETTINGS',
      order: 907,
      group: 'settings',
    },
  }),
  settings('/account/company_emailsettings', {
    menu: {
      labelKey: 'companyEmailsettings',
      icon: IconMail,
      module: 'SETTINGS',
      order: 920,
      group: 'settings',
    },
  }),
  settings('/account/company_eventtriggerrules', {
    menu: {
      labelKey: 'companyEventtriggerrules',
      icon: IconAffiliate,
      module: 'SETTINGS',
      order: 925,
      group: 'settings',
    },
  }),
  settings('/account/company_documentsettings', {
    menu: {
      labelKey: 'companyDocumentsettings',
      icon: IconFileSettings,
      module: 'SETTINGS',
      order: 930,
      group: 'settings',
    },
  }),
  settings('/account/company_medialibrary', {
    menu: {
      labelKey: 'companyMedialibrary',
      icon: IconPhoto,
      module: 'SETTINGS',
      order: 940,
      group: 'settings',
    },
  }),
  settings('/account/company_library', {
    menu: {
      labelKey: 'companyLibrary',
      icon: IconBooks,
      module: 'SETTINGS',
      order: 945,
      group: 'settings',
    },
  }),
  settings('/account/company_modules', {
    menu: { labelKey: 'companyModules', icon: IconApps, module: 'SETTINGS', order: 910, group: 'settings' },
  }),
  settings('/account/company_users', {
    minRole: ROLE.SYSTEEMBEHEERDER,
    menu: {
      labelKey: 'companyUsers',
      icon: IconUsersGroup,
      module: 'SETTINGS',
      order: 900,
      group: 'settings',
    },
  }),
  settings('/vertical_overview', {
    menu: { labelKey: 'verticals', icon: IconForms, module: 'SETTINGS', order: 935, group: 'settings' },
  }),
  settings('/vertical_detail/:verticalId'),
  settings('/product_overview', {
    menu: { labelKey: 'products', icon: IconPackage, module: 'SALES', order: 50 },
  }),
  settings('/product_detail/:productId'),
  settings('/webhookconnection_detail/:connectionId'),
  ...['intake', 'quotation', 'confirmation', 'document', 'project', 'invoice'].map((kind) =>
    settings(`/${kind}template_detail/:${kind}templateId`),
  ),

  // ADMIN (platform administration)
  ...[
    '/company_detail/:companyId',
    '/subscriptiontype_detail/:subscriptiontypeId',
    '/documentwidgettype_detail/:documentwidgettypeId',
    '/eventtrigger_detail/:eventtriggerId',
    '/user_detail/:userId',
  ].map((p) => admin(p)),
  ...(
    [
      ['/company_overview', 'companies', IconBuildingSkyscraper],
      ['/company_trashcan', 'companyTrashcan', IconTrash],
      ['/user_overview', 'users', IconUsers],
      ['/user_newsletter_overview', 'newsletter', IconMail],
      ['/subscription_overview', 'subscriptions', IconReceipt],
      ['/subscriptiontype_overview', 'subscriptionTypes', IconTags],
      ['/module_overview', 'modules', IconPuzzle],
      ['/systemnotification_overview', 'systemNotifications', IconSpeakerphone],
      ['/documentwidgettype_overview', 'documentWidgetTypes', IconComponents],
      ['/eventtrigger_overview', 'eventTriggers', IconBolt],
    ] as const
  ).map(([p, labelKey, icon], i) =>
    admin(p, { menu: { labelKey, icon, module: 'ADMIN', order: 1000 + i * 10, group: 'admin' } }),
  ),
  admin('/company_delete/:companyId/:type', { paramValues: { type: ['forceDelete', 'restore'] } }),
  // The spec: needs login and module ADMIN, with no role check.
  admin('/bragscreen', {
    minRole: 0,
    menu: {
      labelKey: 'bragscreen',
      icon: IconPresentationAnalytics,
      module: 'ADMIN',
      order: 1090,
      group: 'admin',
    },
  }),
];

const SCREENS: readonly ScreenEntry[] = [
  ...authScreens,
  ...accountScreens,
  ...dashboardScreens,
  ...errorScreens,
  ...publicScreens,
  ...companiesScreens,
  ...subscriptionsScreens,
  ...modulesScreens,
  ...usersScreens,
  ...systemNotificationsScreens,
  ...flowsScreens,
  ...pipelineScreens,
  ...planningScreens,
  ...documentSettingsScreens,
  ...incidentScreens,
  ...searchScreens,
  ...statisticsScreens,
  ...communicationScreens,
  ...emailSettingsScreens,
  ...relationsScreens,
  ...flowImportsScreens,
  ...organizationsScreens,
  ...partnersScreens,
  ...partnerProjectsScreens,
  ...productsScreens,
  ...documentsScreens,
  ...invoicesScreens,
  ...settingsScreens,
  ...mediaLibraryScreens,
  ...librarySetsScreens,
  ...formsScreens,
  ...verticalsScreens,
  ...workflowScreens,
  ...webhooksScreens,
];

export function buildRoutes(specs: readonly RouteSpec[], screens: readonly ScreenEntry[]): AppRoute[] {
  const byPath = new Map(specs.map((spec) => [spec.path, spec]));
  const duplicates = specs.filter((spec, i) => specs.findIndex((s) => s.path === spec.path) !== i);
  if (duplicates.length > 0) throw new Error(`Route declared twice: ${duplicates[0]?.path}`);
  for (const screen of screens) {
    // A screen must belong to a declared route, so access rules can never be forgotten.
    if (!byPath.has(screen.path)) throw new Error(`Screen for undeclared route ${screen.path}`);
  }
  return specs.map((spec) => {
    const screen = screens.find((s) => s.path === spec.path);
    const defaultLayout = spec.access === 'staff' ? 'shell' : 'page';
    return { ...spec, Screen: screen?.Screen ?? null, layout: screen?.layout ?? defaultLayout };
  });
}

export const ROUTES: readonly AppRoute[] = buildRoutes(ROUTE_SPECS, SCREENS);

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

export function matchRoute(pathname: string, routes: readonly AppRoute[] = ROUTES): RouteMatch | null {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (!match) continue;
    const allowed = route.paramValues ?? {};
    const fits = Object.entries(allowed).every(([name, values]) => values.includes(match.params[name] ?? ''));
    if (fits) return { route, params: match.params };
  }
  return null;
}

export function findRoute(path: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return routes.find((route) => route.path === path);
}
