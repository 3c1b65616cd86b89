// The executors that change the flow and add to its stages, run as the engine runs them.
import { ACTION_TYPES, FLOW_CANCEL_BLOCKED, RULE_USER_HANDLER } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSentInvoice, createSalesCompany } from '../../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../../test/test-server';
import { flowPhase } from '../../../platform/db/tables/flowphases.schema';
import { flowProfile } from '../../../platform/db/tables/flowprofiles.schema';
import { agendaItem } from '../../../platform/db/tables/planning.schema';
import { createTestFlow } from '../../flows/flow-test-factory';
import { ACTION_EXECUTORS, ActionFailure } from '.';
import { flowRow, rows, runAction } from './action-test-kit';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let colleague: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createSalesCompany(t, { name: 'Regels A' });
  b = await createSalesCompany(t, { name: 'Regels B' });
  colleague = (await t.createTestUser({ companyId: a.companyId })).id;
});
afterAll(async () => t?.close());

const newFlow = (over: Parameters<typeof createTestFlow>[2] = {}) =>
  createTestFlow(t, a.companyId, { userId: a.userId, ...over });

const lastLog = async (flowId: number, action: string) =>
  (
    await rows<{ changes: Record<string, unknown>; description: string }>(
      t,
      sql`select changes, description from log_item where loggable_type = 'flow' and loggable_id = ${flowId}
        and action = ${action} order by id desc limit 1`,
    )
  )[0];

it('has one executor for every action type', () => {
  expect(Object.keys(ACTION_EXECUTORS).sort()).toEqual(ACTION_TYPES.map((x) => x.type).sort());
});

describe('change_status', () => {
  it('moves the flow through the status use-case and logs it; already there is no failure', async () => {
    const f = await newFlow();
    expect(await runAction(t, a.companyId, 'change_status', f.id, { text: 'quotation' })).toBe(
      'Status gewijzigd naar Offerte',
    );
    expect((await flowRow(t, a.companyId, f.id)).flowStatus).toBe('quotation');
    expect((await lastLog(f.id, 'status'))?.changes).toMatchObject({ flow_status: ['new', 'quotation'] });
    expect(await runAction(t, a.companyId, 'change_status', f.id, { text: 'quotation' })).toBe(
      'Status was al Offerte',
    );
  });

  it('refuses cancelling a flow with sent invoices with the existing message', async () => {
    const f = await newFlow();
    await addSentInvoice(t, a.companyId, { flowId: f.id });
    const run = runAction(t, a.companyId, 'change_status', f.id, { text: 'cancelled' });
    await expect(run).rejects.toBeInstanceOf(ActionFailure);
    await expect(run).rejects.toThrow(FLOW_CANCEL_BLOCKED);
    expect((await flowRow(t, a.companyId, f.id)).flowStatus).toBe('new');
  });
});

describe('change_substatus and change_flowprofile', () => {
  it("moves the flow to the phase's stage and phase; another company's phase is gone", async () => {
    const f = await newFlow();
    const [phase] = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.insert(flowPhase).values({ description: 'Offerte gemaakt', flowstage: 'quotation' }).returning(),
    );
    expect(await runAction(t, a.companyId, 'change_substatus', f.id, { morphId: phase!.id })).toBe(
      'Status gewijzigd naar Offerte, substatus Offerte gemaakt',
    );
    const after = await flowRow(t, a.companyId, f.id);
    expect([after.flowStatus, after.flowPhaseId]).toEqual(['quotation', phase!.id]);
    expect(await runAction(t, a.companyId, 'change_substatus', f.id, { morphId: phase!.id })).toBe(
      'Substatus was al Offerte gemaakt',
    );
    const fb = await createTestFlow(t, b.companyId);
    await expect(
      runAction(t, b.companyId, 'change_substatus', fb.id, { morphId: phase!.id }),
    ).rejects.toThrow('De gekozen substatus bestaat niet meer.');
  });

  it('sets the request profile through the flow update', async () => {
    const f = await newFlow();
    const [profile] = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.insert(flowProfile).values({ name: 'Warmtepomp' }).returning(),
    );
    expect(await runAction(t, a.companyId, 'change_flowprofile', f.id, { morphId: profile!.id })).toBe(
      'Aanvraagprofiel gewijzigd naar Warmtepomp',
    );
    expect((await flowRow(t, a.companyId, f.id)).flowprofileId).toBe(profile!.id);
    expect((await lastLog(f.id, 'update'))?.changes).toMatchObject({
      flowprofile_id: [expect.any(Number), profile!.id],
    });
    await expect(runAction(t, a.companyId, 'change_flowprofile', f.id, { morphId: 999_999 })).rejects.toThrow(
      'Het gekozen aanvraagprofiel bestaat niet meer.',
    );
  });
});

describe('the people of the flow', () => {
  it.each([
    ['change_handler', 'userId'],
    ['change_office_handler', 'officeUserId'],
    ['change_execution_handler', 'projectUserId'],
  ] as const)(
    '%s sets a user of the company and refuses "the handler" and other companies',
    async (type, column) => {
      const f = await newFlow();
      expect(await runAction(t, a.companyId, type, f.id, { userId: colleague })).toMatch(
        /gewijzigd naar Test/,
      );
      expect((await flowRow(t, a.companyId, f.id))[column]).toBe(colleague);
      await expect(runAction(t, a.companyId, type, f.id, { userId: RULE_USER_HANDLER })).rejects.toThrow(
        'Kies een gebruiker: de behandelaar van het dossier kan bij deze actie niet.',
      );
      await expect(runAction(t, a.companyId, type, f.id, { userId: b.userId })).rejects.toThrow(
        'De gekozen gebruiker bestaat niet meer.',
      );
    },
  );
});

describe('descriptions and tags', () => {
  it('renders merge tags into the flow description', async () => {
    const f = await newFlow();
    expect(
      await runAction(t, a.companyId, 'change_flow_description', f.id, {
        text: 'Dossier {{ dossier.nummer }} van {{ relatie.naam }}',
      }),
    ).toMatch(/^Omschrijving gewijzigd/);
    expect((await flowRow(t, a.companyId, f.id)).description).toBe(`Dossier ${f.number} van Jan Jansen`);
    await expect(
      runAction(t, a.companyId, 'change_flow_description', f.id, { text: '{{ onbekend.veld }}' }),
    ).rejects.toBeInstanceOf(ActionFailure);
  });

  it("gives the flow's future appointments the text, past ones keep theirs", async () => {
    const f = await newFlow();
    const hour = 3_600_000;
    await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.insert(agendaItem).values([
        {
          targetType: 'flow',
          flowId: f.id,
          title: 'Toen',
          description: 'oud',
          userId: a.userId,
          startDate: new Date(Date.now() - 48 * hour),
          endDate: new Date(Date.now() - 47 * hour),
        },
        {
          targetType: 'flow',
          flowId: f.id,
          title: 'Straks',
          description: 'oud',
          userId: a.userId,
          startDate: new Date(Date.now() + 24 * hour),
          endDate: new Date(Date.now() + 25 * hour),
        },
      ]),
    );
    expect(
      await runAction(t, a.companyId, 'change_appointment_description', f.id, {
        text: 'Graag {{ dossier.nummer }}',
      }),
    ).toBe('Omschrijving van 1 afspraak gewijzigd');
    const items = await rows<{ title: string; description: string }>(
      t,
      sql`select title, description from agenda_item where flow_id = ${f.id} order by start_date`,
    );
    expect(items).toEqual([
      { title: 'Toen', description: 'oud' },
      { title: 'Straks', description: `Graag ${f.number}` },
    ]);
  });

  it('adds and removes tags through the flow update, logged as tags: [before, after]', async () => {
    const f = await newFlow({ tags: ['lead'] });
    expect(await runAction(t, a.companyId, 'add_flow_tags', f.id, { flowTags: ['warm', 'lead'] })).toBe(
      'Tags toegevoegd: warm',
    );
    expect((await flowRow(t, a.companyId, f.id)).tags).toEqual(['lead', 'warm']);
    expect((await lastLog(f.id, 'update'))?.changes).toEqual({ tags: [['lead'], ['lead', 'warm']] });
    expect(await runAction(t, a.companyId, 'remove_flow_tags', f.id, { flowTags: ['lead'] })).toBe(
      'Tags verwijderd: lead',
    );
    expect((await lastLog(f.id, 'update'))?.changes).toEqual({ tags: [['lead', 'warm'], ['warm']] });
    expect(await runAction(t, a.companyId, 'remove_flow_tags', f.id, { flowTags: ['lead'] })).toBe(
      'Tags stonden niet op het dossier',
    );
  });
});

describe('stages: intake, project, documents', () => {
  it('creates an intake on the flow', async () => {
    const f = await newFlow();
    expect(await runAction(t, a.companyId, 'create_intake', f.id)).toMatch(/^Opname \d+ aangemaakt$/);
    expect(await rows(t, sql`select status from intake where flow_id = ${f.id}`)).toEqual([
      { status: 'draft' },
    ]);
  });

  it('starts a project without asking about approval, plans a new one, and finishes it', async () => {
    const f = await newFlow();
    await expect(runAction(t, a.companyId, 'finish_project', f.id)).rejects.toThrow(
      'Dit dossier heeft geen open project om af te ronden.',
    );
    expect(await runAction(t, a.companyId, 'start_project', f.id)).toMatch(/^Project \d+ gestart$/);
    const status = async () => rows(t, sql`select status from project where flow_id = ${f.id}`);
    expect(await status()).toEqual([{ status: 'new' }]);
    expect(await runAction(t, a.companyId, 'start_project', f.id)).toMatch(/^Project \d+ ingepland$/);
    expect(await status()).toEqual([{ status: 'planned' }]);
    expect(await runAction(t, a.companyId, 'start_project', f.id)).toMatch(/was al gestart$/);
    expect(await runAction(t, a.companyId, 'finish_project', f.id)).toMatch(/^Project \d+ afgerond$/);
    expect(await status()).toEqual([{ status: 'completed' }]);
  });

  it('creates a quotation, confirmation and document from a template of that kind only', async () => {
    const f = await newFlow();
    const template = async (kind: string, body: Record<string, unknown> = {}) =>
      (
        await t.api('POST', `/api/${kind}/createtemplate`, {
          token: a.token,
          body: { title: `Sjabloon ${kind}`, ...body },
        })
      ).body.id as number;
    const quotation = await template('quotation');
    const confirmation = await template('confirmation');
    const type = await t.api('POST', '/api/documenttype', {
      token: a.token,
      body: { description: 'Opleverrapport', flowstage: 'project' },
    });
    const document = await template('document', { document_type_id: type.body.id });
    expect(await runAction(t, a.companyId, 'create_quotation', f.id, { morphId: quotation })).toMatch(
      /^Offerte/,
    );
    expect(await runAction(t, a.companyId, 'create_confirmation', f.id, { morphId: confirmation })).toMatch(
      /^Opdrachtbevestiging/,
    );
    expect(await runAction(t, a.companyId, 'create_document', f.id, { morphId: document })).toMatch(
      /^Document/,
    );
    expect(
      await rows(
        t,
        sql`select kind, document_type_id is not null as typed from sales_document
        where flow_id = ${f.id} and not is_template order by id`,
      ),
    ).toEqual([
      { kind: 'quotation', typed: false },
      { kind: 'confirmation', typed: true },
      { kind: 'document', typed: true },
    ]);
    await expect(
      runAction(t, a.companyId, 'create_quotation', f.id, { morphId: confirmation }),
    ).rejects.toThrow(
      'Het gekozen template is een template voor de opdrachtbevestiging, niet voor de offerte.',
    );
    const fb = await createTestFlow(t, b.companyId);
    await expect(
      runAction(t, b.companyId, 'create_quotation', fb.id, { morphId: quotation }),
    ).rejects.toThrow('Het gekozen documenttemplate bestaat niet meer.');
  });
});
