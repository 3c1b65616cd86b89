import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoiceValidationRuns, expectValidEInvoice } from '../../../test/einvoice';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { createLogger } from '../../platform/log';
import { buildEInvoice } from '../invoices/einvoice/build-einvoice';
import { prepareEInvoiceValidation } from '../invoices/einvoice/validate-einvoice';
import { DEMO_CUSTOMER_LINKS } from './load-customer-demo';
import { DEMO_PASSWORD, loadDemoData } from './load-demo';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

async function counts() {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{
      companies: number;
      users: number;
      types: number;
      subscriptions: number;
      notices: number;
      actions: number;
      overdue: number;
      appointments: number;
      notes: number;
      tasks: number;
      located: number;
      message_states: number;
      notifications: number;
      versions: number;
      three_rates: number;
      empty_documents: number;
      invoice_states: number;
      three_part_projects: number;
      credits: number;
      overdue_invoices: number;
      mixed_rate_invoices: number;
      einvoice_ready: number;
      credit_templates: number;
      credit_lines: number;
      expired_owed: number;
      part_paid_owed: number;
      paid_settled: number;
      letter_templates: number;
      forms: number;
      filled: number;
      form_pictures: number;
      rooms_with_area: number;
      panels_from_intake: number;
      context_types: number;
    }>(sql`
      select (select count(*)::int from company) as companies, (select count(*)::int from "user") as users,
        (select count(*)::int from subscription_type) as types,
        (select count(*)::int from subscription) as subscriptions,
        (select count(*)::int from system_notification) as notices,
        (select count(*)::int from action) as actions,
        (select count(*)::int from action where status = 'open' and overdue_date < now()) as overdue,
        (select count(*)::int from agenda_item) as appointments,
        (select count(*)::int from note) as notes,
        (select count(*)::int from task where not is_template) as tasks,
        (select count(*)::int from task_context_type) as context_types,
        (select count(*)::int from task t join flow f on f.id = t.flow_id
           join location l on l.id = f.location_id where l.lat is not null) as located,
        (select count(distinct status)::int from message where sendable_type = 'relation') as message_states,
        (select count(*)::int from notification) as notifications,
        (select count(*)::int from mail_template) as mail_templates,
        (select count(*)::int from message_template) as message_templates,
        (select count(*)::int from contact_template) as contact_templates,
        (select count(*)::int from sales_document where is_template) as document_templates,
        (select count(distinct status)::int from sales_document where kind = 'quotation' and not is_template) as quotation_states,
        (select max(n)::int from (select count(*) as n from calculation_item i join sales_document d on d.calculation_id = i.calculation_id group by d.id) x) as most_lines,
        (select count(*)::int from document_version) as versions,
        (select count(*)::int from sales_document d join calculation c on c.id = d.calculation_id
           where not d.is_template and d.kind <> 'document' and c.amount_inc_vat = 0) as empty_documents,
        (select count(*)::int from sales_document d join calculation c on c.id = d.calculation_id
           where c.amount_exc_vat_0 > 0 and c.amount_exc_vat_9 > 0 and c.amount_exc_vat_21 > 0
             and (select count(*) from calculation_item i where i.calculation_id = c.id) = 40) as three_rates,
        (select count(distinct status)::int from sales_document where kind = 'invoice' and not is_template) as invoice_states,
        (select count(*)::int from (select partialinvoice_id from invoice where partialinvoice_id is not null
           group by 1 having count(*) = 3 and bool_or(partialinvoicetype = 'rest')) x) as three_part_projects,
        (select count(*)::int from invoice where invoice_type = 'credit' and billed_inc < 0) as credits,
        (select count(*)::int from sales_document where kind = 'invoice' and status = 'sent' and enddate < current_date) as overdue_invoices,
        (select count(*)::int from invoice where billed_exc_0 > 0 and billed_exc_9 > 0 and billed_exc_21 > 0) as mixed_rate_invoices,
        (select count(*)::int from company_settings where kvk_number <> '' and vat_number <> '' and iban <> '') as einvoice_ready,
        (select count(*)::int from company_settings s join sales_document d on d.id = s.credit_invoice_template_id
           where d.kind = 'invoice' and d.is_template and d.title = 'Creditfactuur') as credit_templates,
        (select count(distinct i.id)::int from invoice i join document_widget w on w.document_id = i.id
           where i.invoice_type = 'credit' and w.textcontent like '%crediteert factuur _%') as credit_lines,
        (select count(*)::int from invoice i join sales_document d on d.id = i.id
           where d.status = 'expired' and i.owed = i.billed_inc and i.owed_day < current_date) as expired_owed,
        (select count(*)::int from invoice i where i.owed > 0 and i.owed < i.billed_inc
           and i.owed = i.billed_inc - (select sum(amount) from invoice_payment p where p.invoice_id = i.id)) as part_paid_owed,
        (select count(*)::int from invoice i join sales_document d on d.id = i.id where d.status = 'paid'
           and i.billed_inc = (select sum(amount) from invoice_payment p where p.invoice_id = i.id)) as paid_settled,
        (select count(*)::int from mail_template where template_type in ('paymentreminder', 'paymentnotice')
           and message like '%{{ factuur.openstaand }}%') as letter_templates,
        (select count(*)::int from vertical) as forms,
        (select count(*)::int from flow_data_item) as filled,
        (select count(*)::int from picture where flow_data_item_id is not null) as form_pictures,
        (select count(*)::int from flow_data_item where item_type = 'room' and (values->>'area')::numeric > 0) as rooms_with_area,
        (select count(*)::int from calculation_item i join product p on p.id = i.product_id
           where p.data_origin = 'fromobject' and i.product_amount = 14) as panels_from_intake`),
  );
  return r.rows[0]!;
}

describe('demo data', () => {
  it('loads subscription types, a subscription per demo company and a maintenance notice, idempotently', async () => {
    const logger = createLogger('warn');
    await loadDemoData(t.server.deps.db, logger, t.server.deps.storage);
    const first = await counts();
    await loadDemoData(t.server.deps.db, logger, t.server.deps.storage);
    expect(await counts()).toEqual(first);
    expect(first).toMatchObject({ companies: 3, types: 2, subscriptions: 2, notices: 1 });
    // Planning: actions (some overdue), a week of appointments and notes per demo company.
    expect(first.actions).toBeGreaterThanOrEqual(10);
    expect(first.overdue).toBeGreaterThan(0);
    expect(first.appointments).toBeGreaterThanOrEqual(11);
    expect(first.notes).toBeGreaterThanOrEqual(5);
    expect(first.tasks).toBeGreaterThanOrEqual(20);
    expect(first.located).toBeGreaterThanOrEqual(20);
    // Conversations in every message status (ongelezen, onbeantwoord, gelezen), with notifications.
    expect(first.message_states).toBe(3);
    expect(first.notifications).toBeGreaterThan(0);
    // Dutch mail (also for sending quotations and confirmations, and the website confirmation of the demo
    // workflow rules, the payment reminder and the aanmaning), message and contact templates for each demo
    // company (loaded once).
    expect(first).toMatchObject({ mail_templates: 16, message_templates: 4, contact_templates: 2 });
    // Quotation, confirmation, document, invoice and credit invoice templates, quotations in every status,
    // one of 40 lines.
    expect(first).toMatchObject({ document_templates: 10, quotation_states: 6, most_lines: 40 });
    // Invoices in every status (decision 022): a project in three parts (30% / 60% / rest), a credit
    // invoice, overdue ones, a quarter with mixed rates; the companies' KvK, VAT id and IBAN filled in.
    expect(first).toMatchObject({ invoice_states: 6, three_part_projects: 2, credits: 2, einvoice_ready: 2 });
    // Each company's standard credit invoice template, chosen in its invoice settings, made the credit invoice.
    expect(first).toMatchObject({ credit_templates: 2, credit_lines: 2 });
    expect(first.overdue_invoices).toBeGreaterThanOrEqual(4);
    // Decision 031: the expired invoice (11 days late) owes its whole amount and counts in the overdue
    // overview; one overdue invoice is partly paid and owes the rest; every paid invoice has its payments;
    // each company has a reminder and an aanmaning template with the owed amount.
    expect(first).toMatchObject({ expired_owed: 2, part_paid_owed: 2, paid_settled: 4, letter_templates: 4 });
    expect(first.mixed_rate_invoices).toBe(2);
    // Two demo companies with a catalogue: each has its 40-line quotation over 0, 9 and 21 %.
    expect(first.three_rates).toBe(2);
    // Every demo quotation and confirmation has lines.
    expect(first.empty_documents).toBe(0);
    expect(first.versions).toBeGreaterThanOrEqual(4);
    // Forms (decision 023): solar, room, delivery and service forms filled in with photos; the rooms
    // carry their derived area, the draft quotation's panel count comes from the intake; a questionnaire
    // on the planned heat pump intake waits for the customer (decision 048).
    expect(first).toMatchObject({
      forms: 10,
      filled: 14,
      form_pictures: 8,
      rooms_with_area: 6,
      panels_from_intake: 2,
    });
    // Task templates prepare a form of their kind (and the project ones a delivery report).
    expect(first.context_types).toBeGreaterThanOrEqual(4);

    const admin = await t.login(ADMIN.email, ADMIN.password);
    const types = await t.api('GET', '/api/subscriptiontype', { token: admin });
    const byName = Object.fromEntries(
      types.body.map((ty: { name: string; modules: { tag: string }[] }) => [
        ty.name,
        ty.modules.map((m) => m.tag),
      ]),
    );
    expect(byName.Basis).toEqual(['BASIS', 'CRM', 'SETTINGS']);
    expect(byName.Compleet).toHaveLength(13);
    expect(byName.Compleet).not.toContain('ADMIN');
    const subs = await t.api('GET', '/api/subscription', { token: admin });
    expect(
      subs.body.map((s: { company_name: string; subscription_type_name: string }) => [
        s.company_name,
        s.subscription_type_name,
      ]),
    ).toEqual([
      ['Warmtepomp Totaal Twente', 'Basis'],
      ['Zonnestroom Noord B.V.', 'Compleet'],
    ]);

    const sanne = await t.login('sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    const notices = await t.api('GET', '/api/systemnotification/active', { token: sanne });
    expect(notices.body).toEqual([
      { id: expect.any(Number), content: expect.stringMatching(/december 2026/), theme: 'info' },
    ]);
    const modules = await t.api('GET', '/api/company/getmodules', { token: sanne });
    expect(modules.body.every((m: { purchased: boolean }) => m.purchased)).toBe(true);
  });

  it('gives the README its fixed customer links: dossier, quotation, confirmation, document, invoice, form', async () => {
    const L = DEMO_CUSTOMER_LINKS;
    const dossier = await t.api('GET', `/api/flow/${L.quotationFlow}/getbycustomer`);
    expect(dossier.status).toBe(200);
    expect(dossier.body.company.name).toBe(L.company);
    expect(dossier.body.documents.some((d: { hash: string }) => d.hash === L.quotation)).toBe(true);
    for (const [kind, hash] of [
      ['quotation', L.quotation],
      ['confirmation', L.confirmation],
      ['document', L.document],
      ['invoice', L.invoice],
    ] as const) {
      const page = await t.api('GET', `/api/${kind}/${hash}/getbycustomer`);
      expect(page.status, kind).toBe(200);
    }
    const forms = await t.api('GET', `/api/flow/${L.formFlow}/getbycustomer`);
    expect(forms.body.forms.some((f: { status: string }) => f.status === 'open')).toBe(true);
  });

  it('gives the housing corporation two partner users who see only its flows, and the energy supplier leads', async () => {
    const token = await t.login('anouk@groningerhuis.nl', DEMO_PASSWORD);
    const dashboard = await t.api('GET', '/api/partner/dashboard', { token });
    expect(dashboard.body.partner.name).toBe('Woonstichting Groninger Huis');
    const flows = await t.api('GET', '/api/flow/indexforpartner', { token });
    expect(flows.body.pagination.total).toBeGreaterThanOrEqual(4);
    expect(new Set(flows.body.data.map((f: { flow_status: string }) => f.flow_status)).size).toBeGreaterThan(
      1,
    );
    const bas = await t.login('bas@groningerhuis.nl', DEMO_PASSWORD);
    expect((await t.api('GET', '/api/relation/querypaginated', { token: bas })).status).toBe(403);
    const manager = await t.login('sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    const partners = await t.api('GET', '/api/partner/querypaginated', { token: manager });
    const supplier = partners.body.data.find((p: { name: string }) => p.name === 'Energie Noord Levering');
    const leads = await t.api('GET', `/api/partner/${supplier.id}/flows?status=lead`, { token: manager });
    expect(leads.body.pagination.total).toBeGreaterThanOrEqual(2);
    const peter = await t.login('peter@warmtepomptotaal.nl', DEMO_PASSWORD);
    expect((await t.api('GET', '/api/flow/indexforpartner', { token: peter })).status).toBe(200);
  });

  it('gives the housing corporation a partner project of 40 homes in every stage, which its users see', async () => {
    const manager = await t.login('sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    const partners = await t.api('GET', '/api/partner/querypaginated', { token: manager });
    const corporation = partners.body.data.find(
      (p: { name: string }) => p.name === 'Woonstichting Groninger Huis',
    );
    const projects = await t.api('GET', `/api/partnerproject/querypaginated?partnerId=${corporation.id}`, {
      token: manager,
    });
    const project = projects.body.data.find(
      (p: { label: string }) => p.label === 'Isolatie Selwerd – 40 woningen',
    );
    expect(project).toMatchObject({ status: 'start_project', flows_count: 40 });
    expect(project.main_flow).not.toBeNull();
    expect(project.model_flows.map((m: { type: string }) => m.type).sort()).toEqual([
      'hoekwoning',
      'portiekwoning',
      'rijwoning',
    ]);
    expect(project.flows_by_status.map((s: { status: string }) => s.status)).toEqual([
      'new',
      'intake',
      'quotation',
      'confirmation',
      'project',
      'invoice',
      'aftercare',
      'completed',
    ]);
    const anouk = await t.login('anouk@groningerhuis.nl', DEMO_PASSWORD);
    const own = await t.api('GET', '/api/partnerproject/indexforpartner', { token: anouk });
    expect(own.body.map((p: { id: number }) => p.id)).toContain(project.id);
    const flows = await t.api('GET', `/api/partnerproject/${project.id}/flowsforpartner`, { token: anouk });
    expect(flows.body.pagination.total).toBe(40);
  });

  it('gives every sent demo invoice an e-invoice that passes the official rules (decision 035)', async () => {
    if (einvoiceValidationRuns) await prepareEInvoiceValidation();
    const sent = await t.server.deps.db.platform((tx) =>
      tx
        .select()
        .from(salesDocument)
        .where(
          and(
            eq(salesDocument.kind, 'invoice'),
            isNotNull(salesDocument.dateSend),
            eq(salesDocument.isTemplate, false),
          ),
        ),
    );
    expect(sent.length).toBeGreaterThanOrEqual(16);
    for (const doc of sent) {
      const result = await t.server.deps.db.tenant({ companyId: doc.companyId, userId: null }, (tx) =>
        buildEInvoice(tx, doc, { storage: t.server.deps.storage }),
      );
      expect(result.problem, `demo invoice ${doc.id}`).toBeUndefined();
      await expectValidEInvoice(result.xml!, {
        root: result.xml!.includes('<CreditNote ') ? 'CreditNote' : 'Invoice',
        peppol: result.xml!.includes('poacc:billing:3.0'),
      });
    }
    // Through the API as well: the demo company with the invoice module gets its UBL, not a 409.
    const token = await t.login('sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    const [sanne] = (
      await t.server.deps.db.platform((tx) =>
        tx.execute<{ company_id: number }>(
          sql`select company_id from "user" where email = 'sanne@zonnestroom-noord.nl'`,
        ),
      )
    ).rows;
    const own = sent.filter((d) => d.companyId === sanne!.company_id);
    expect(own.length).toBeGreaterThan(0);
    for (const d of own) {
      const res = await t.api('GET', `/api/invoice/${d.id}/einvoice`, { token });
      expect(res.status, `invoice ${d.id}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  }, 300_000);
});
