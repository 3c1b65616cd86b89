import { describe, expect, it } from 'vitest';
import { buildRoutes, findRoute, matchRoute, ROUTE_SPECS, ROUTES } from './route-table';

// The spec's table (000 section 2, plus /note_detail of 001), written out again on purpose: if the
// route table drifts from the spec, this fails.
const NoScreen = () => null;

const PUBLIC = [
  '/login',
  '/register',
  '/lostpassword',
  '/resetpassword/:token',
  '/privacypolicy',
  '/401',
  '/403',
  '/404',
  '/500',
  '/503',
];
// The customer routes of spec 002 are the customer pages entry (src/customer/router.ts), not here.
const CUSTOMER = [
  '/customer_flow_detail/:flowHash',
  '/customer_communicator/:flowHash',
  '/customer_quotation_detail/:quotationHash',
  '/customer_confirmation_detail/:confirmationHash',
  '/customer_invoice_detail/:invoiceHash',
  '/customer_document_detail/:documentHash',
];
const STAFF: Record<string, [module: string | null, minRole: number]> = {
  '/dashboard': ['BASIS', 100],
  '/dashboardv1': ['BASIS', 100],
  '/dashboard2': ['BASIS', 100],
  '/dashboardv2': ['BASIS', 100],
  '/dashboard_sales': ['BASIS', 100],
  '/dashboard_project': ['BASIS', 100],
  '/dashboardadmin': ['ADMIN', 100],
  '/dashboard_partner': ['PARTNER', 100],
  '/partner_overview': ['PARTNERMANAGEMENT', 100],
  '/partner_detail/:partnerId': ['PARTNERMANAGEMENT', 100],
  '/partnerproject_logitems/:partnerProjectId': ['PARTNERMANAGEMENT', 100],
  '/partnerproject_detail/:partnerProjectId': ['PROJECTMANAGEMENT', 100],
  '/pipeline': ['CRM', 100],
  '/calendar': ['CRM', 100],
  '/communicator': ['CRM', 100],
  '/notification_overview': ['CRM', 100],
  '/logitem_overview': ['CRM', 100],
  '/incident_overview': ['CRM', 100],
  '/agendaitem_detail/:agendaitemId': ['CRM', 100],
  '/relation_overview': ['CRM', 100],
  '/relation_trashcan': ['CRM', 100],
  '/relation_bulkdelete': ['CRM', 100],
  '/relation_emptytrash': ['CRM', 100],
  '/relation_detail/:relationId': ['CRM', 100],
  '/organization_overview': ['CRM', 100],
  '/organization_detail/:organizationId': ['CRM', 100],
  '/flow_overview': ['CRM', 100],
  '/flow_detail/:flowId': ['CRM', 100],
  '/flow_partner/:flowId': ['CRM', 100],
  '/document_partner/:documentId': ['CRM', 100],
  '/note_detail/:noteId': ['CRM', 100],
  '/search': ['CRM', 100],
  '/flow_bulkimport': ['CRM', 999],
  '/action_overview': ['BASIS', 100],
  '/task_overview': ['BASIS', 100],
  '/intake_overview': ['INTAKE', 100],
  '/intake_detail/:intakeId': ['INTAKE', 100],
  '/quotation_overview': ['QUOTATION', 100],
  '/quotation_detail/:quotationId': ['QUOTATION', 100],
  '/document_overview': ['QUOTATION', 100],
  '/confirmation_overview': ['CONFIRMATION', 100],
  '/confirmation_detail/:confirmationId': ['CONFIRMATION', 100],
  '/document_detail/:documentId': ['PROJECT', 100],
  '/project_overview': ['PROJECT', 100],
  '/project_detail/:projectId': ['PROJECT', 100],
  '/invoice_overview': ['INVOICE', 100],
  '/overdueinvoice_overview.html': ['INVOICE', 100],
  '/invoice_overview_quarterly': ['INVOICE', 100],
  '/invoice_detail/:invoiceId': ['INVOICE', 100],
  '/aftercare_detail/:flowId': ['AFTERCARE', 100],
  '/releasenotes': [null, 100],
  '/account/user_profile': [null, 100],
  ...Object.fromEntries(
    [
      'company_profile',
      'company_statistics',
      'company_realtime_statistics',
      'company_lead_statistics',
      'company_modules',
      'company_flowprofiles',
      'company_flowprofiles/:flowProfileId',
      'company_emailsettings',
      'company_mergetags',
      'company_medialibrary',
      'company_library',
      'company_eventtriggerrules',
      'company_intakesettings',
      'company_documentsettings',
      'company_projectsettings',
      'company_calculationsettings',
      'company_aftercaresettings',
    ].map((p) => [`/account/${p}`, ['SETTINGS', 100]]),
  ),
  '/account/company_users': ['SETTINGS', 5000],
  '/vertical_overview': ['SETTINGS', 100],
  '/vertical_detail/:verticalId': ['SETTINGS', 100],
  '/product_overview': ['SETTINGS', 100],
  '/product_detail/:productId': ['SETTINGS', 100],
  '/webhookconnection_detail/:connectionId': ['SETTINGS', 100],
  '/intaketemplate_detail/:intaketemplateId': ['SETTINGS', 100],
  '/quotationtemplate_detail/:quotationtemplateId': ['SETTINGS', 100],
  '/confirmationtemplate_detail/:confirmationtemplateId': ['SETTINGS', 100],
  '/documenttemplate_detail/:documenttemplateId': ['SETTINGS', 100],
  '/projecttemplate_detail/:projecttemplateId': ['SETTINGS', 100],
  '/invoicetemplate_detail/:invoicetemplateId': ['SETTINGS', 100],
  '/company_overview': ['ADMIN', 100],
  '/company_trashcan': ['ADMIN', 100],
  '/company_detail/:companyId': ['ADMIN', 100],
  '/company_delete/:companyId/:type': ['ADMIN', 100],
  '/subscription_overview': ['ADMIN', 100],
  '/subscriptiontype_overview': ['ADMIN', 100],
  '/subscriptiontype_detail/:subscriptiontypeId': ['ADMIN', 100],
  '/systemnotification_overview': ['ADMIN', 100],
  '/documentwidgettype_overview': ['ADMIN', 100],
  '/documentwidgettype_detail/:documentwidgettypeId': ['ADMIN', 100],
  '/eventtrigger_overview': ['ADMIN', 100],
  '/eventtrigger_detail/:eventtriggerId': ['ADMIN', 100],
  '/module_overview': ['ADMIN', 100],
  '/user_overview': ['ADMIN', 100],
  '/user_newsletter_overview': ['ADMIN', 100],
  '/user_detail/:userId': ['ADMIN', 100],
  '/bragscreen': ['ADMIN', 0],
};

describe('route table', () => {
  it('holds every route of the spec and nothing else', () => {
    const expected = [...PUBLIC, ...Object.keys(STAFF)].sort();
    expect(ROUTES.map((r) => r.path).sort()).toEqual(expected);
  });

  it.each(Object.entries(STAFF))(
    '%s needs login, module and minimum role of the spec',
    (path, [module, minRole]) => {
      expect(findRoute(path)).toMatchObject({ access: 'staff', module, minRole });
    },
  );

  it('marks public routes', () => {
    for (const path of PUBLIC) expect(findRoute(path)?.access).toBe('public');
  });

  it('leaves the customer routes to the customer pages entry: the staff router knows none of them', () => {
    for (const path of CUSTOMER) expect(findRoute(path)).toBeUndefined();
    expect(matchRoute('/customer_flow_detail/AbCdEfGhIjKlMnOp')).toBeNull();
    expect(ROUTES.some((r) => r.path.startsWith('/customer_'))).toBe(false);
  });

  it('records query parameters the screens read', () => {
    expect(findRoute('/dashboard')?.query).toEqual(['usecase']);
    expect(findRoute('/flow_detail/:flowId')?.query).toEqual(['options']);
    expect(findRoute('/task_overview')?.query).toEqual(['view']);
    expect(findRoute('/document_partner/:documentId')?.query).toEqual(['documentType']);
    expect(findRoute('/intake_detail/:intakeId')?.query).toEqual(['formId']);
  });

  it('matches concrete URLs with their parameters, and only allowed company_delete types', () => {
    expect(matchRoute('/relation_detail/42')).toMatchObject({ params: { relationId: '42' } });
    expect(matchRoute('/account/company_flowprofiles/3')?.route.path).toBe(
      '/account/company_flowprofiles/:flowProfileId',
    );
    expect(matchRoute('/company_delete/9/forceDelete')?.params).toMatchObject({
      companyId: '9',
      type: 'forceDelete',
    });
    expect(matchRoute('/company_delete/9/other')).toBeNull();
    expect(matchRoute('/overdueinvoice_overview.html')?.route.module).toBe('INVOICE');
    expect(matchRoute('/overdueinvoice_overviewxhtml')).toBeNull();
  });

  it('renders a screen for every route of the table', () => {
    const built = ROUTES.filter((r) => r.Screen).map((r) => r.path);
    expect(built).toEqual(
      expect.arrayContaining([
        '/login',
        '/register',
        '/lostpassword',
        '/resetpassword/:token',
        '/dashboard',
        '/dashboardadmin',
        '/account/user_profile',
        '/releasenotes',
        '/privacypolicy',
        '/404',
        '/company_overview',
        '/company_delete/:companyId/:type',
        '/user_detail/:userId',
        '/account/company_users',
        '/account/company_modules',
      ]),
    );
    expect(findRoute('/relation_overview')?.Screen).not.toBeNull();
    expect(findRoute('/calendar')?.Screen).not.toBeNull();
    expect(findRoute('/communicator')?.Screen).not.toBeNull();
    expect(findRoute('/flow_partner/:flowId')?.Screen).not.toBeNull();
    expect(findRoute('/partnerproject_detail/:partnerProjectId')?.Screen).not.toBeNull();
    expect(findRoute('/flow_bulkimport')?.Screen).not.toBeNull();
    // Every route of the spec has its screen now: none falls back to the 404 page.
    expect(ROUTES.filter((r) => !r.Screen).map((r) => r.path)).toEqual([]);
    expect(findRoute('/eventtrigger_overview')?.Screen).not.toBeNull();
  });

  it('opens to partner users only their dashboard and the partner flow and document screens', () => {
    expect(ROUTES.filter((r) => r.partner).map((r) => r.path)).toEqual([
      '/dashboard_partner',
      '/flow_partner/:flowId',
      '/document_partner/:documentId',
    ]);
  });

  it('refuses a screen for a route that is not in the table, and duplicate routes', () => {
    expect(() => buildRoutes(ROUTE_SPECS, [{ path: '/secret', Screen: NoScreen }])).toThrow(/undeclared/);
    expect(() => buildRoutes([...ROUTE_SPECS, ROUTE_SPECS[0]!], [])).toThrow(/twice/);
  });
});
