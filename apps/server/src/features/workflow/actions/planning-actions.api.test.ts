// The executors of the flow's planning: appointments, tasks, notes, actions, removals, delayed rules.
import { RULE_USER_EVERYONE, RULE_USER_HANDLER } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany } from '../../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../../test/test-server';
import { action, agendaItem, task } from '../../../platform/db/tables/planning.schema';
import { delayedRule, eventTriggerRule } from '../../../platform/db/tables/workflow.schema';
import { createTestFlow } from '../../flows/flow-test-factory';
import { rows, runAction } from './action-test-kit';
import { nextWorkingDayAt9 } from './planning-actions';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let colleague: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Planning A' });
  b = await createCrmCompany(t, { name: 'Planning B' });
  colleague = (await t.createTestUser({ companyId: a.companyId })).id;
});
afterAll(async () => t?.close());

const newFlow = (over: Parameters<typeof createTestFlow>[2] = {}) =>
  createTestFlow(t, a.companyId, { userId: a.userId, ...over });
const inA = <T>(fn: Parameters<TestServer['server']['deps']['db']['tenant']>[1]) =>
  t.server.deps.db.tenant({ companyId: a.companyId }, fn) as Promise<T>;

describe('nextWorkingDayAt9', () => {
  it('is the next weekday at 09:00 Amsterdam, summer and winter time, lasting an hour', () => {
    // Thursday 26 November 2026, 15:00 UTC: Friday 27th 09:00 CET is 08:00 UTC.
    expect(nextWorkingDayAt9(new Date('2026-11-26T15:00:00Z'))).toEqual({
      start: new Date('2026-11-27T08:00:00Z'),
      end: new Date('2026-11-27T09:00:00Z'),
    });
    // Friday evening: Monday. Late Saturday night in Amsterdam (already Sunday) too.
    expect(nextWorkingDayAt9(new Date('2026-11-27T20:00:00Z')).start).toEqual(
      new Date('2026-11-30T08:00:00Z'),
    );
    expect(nextWorkingDayAt9(new Date('2026-11-28T23:30:00Z')).start).toEqual(
      new Date('2026-11-30T08:00:00Z'),
    );
    // Summer time: 09:00 CEST is 07:00 UTC.
    expect(nextWorkingDayAt9(new Date('2026-06-10T10:00:00Z')).start).toEqual(
      new Date('2026-06-11T07:00:00Z'),
    );
  });
});

describe('create_appointment', () => {
  it('plans an hour on the next working day for the handler, text as description with merge tags', async () => {
    const f = await newFlow();
    const said = await runAction(t, a.companyId, 'create_appointment', f.id, {
      userId: RULE_USER_HANDLER,
      text: 'Bel {{ relatie.naam }}',
      description: 'Terugbellen',
      createdBy: a.userId,
    });
    expect(said).toMatch(/^Afspraak 'Terugbellen' gemaakt op .* om 09:00$/);
    const [item] = await rows<{
      title: string;
      description: string;
      user_id: number;
      start_date: Date;
      end_date: Date;
    }>(
      t,
      sql`select title, description, user_id, start_date, end_date from agenda_item where flow_id = ${f.id}`,
    );
    const expected = nextWorkingDayAt9(new Date());
    expect(item).toMatchObject({ title: 'Terugbellen', description: 'Bel Jan Jansen', user_id: a.userId });
    expect([new Date(item!.start_date), new Date(item!.end_date)]).toEqual([expected.start, expected.end]);
  });

  it('refuses "the handler" on a flow without one, and a user of another company', async () => {
    const f = await createTestFlow(t, a.companyId);
    await expect(
      runAction(t, a.companyId, 'create_appointment', f.id, {
        userId: RULE_USER_HANDLER,
        text: 'x',
        createdBy: a.userId,
      }),
    ).rejects.toThrow('Dit dossier heeft geen behandelaar.');
    await expect(
      runAction(t, a.companyId, 'create_appointment', f.id, {
        userId: b.userId,
        text: 'x',
        createdBy: a.userId,
      }),
    ).rejects.toThrow('De gekozen gebruiker bestaat niet meer.');
  });
});

describe('create_task, create_note, create_action', () => {
  it('makes a task from the template; a deleted template is refused', async () => {
    const f = await newFlow();
    const [template] = await inA<{ id: number }[]>((tx) =>
      tx
        .insert(task)
        .values({ description: 'Schouw', isTemplate: true, duration: 60 })
        .returning({ id: task.id }),
    );
    expect(await runAction(t, a.companyId, 'create_task', f.id, { morphId: template!.id })).toBe(
      "Taak 'Schouw' aangemaakt",
    );
    expect(
      await rows(t, sql`select description, task_template_id, is_template from task where flow_id = ${f.id}`),
    ).toEqual([{ description: 'Schouw', task_template_id: template!.id, is_template: false }]);
    await inA((tx) => tx.delete(task).where(sql`${task.id} = ${template!.id}`));
    await expect(runAction(t, a.companyId, 'create_task', f.id, { morphId: template!.id })).rejects.toThrow(
      'Het gekozen taaksjabloon bestaat niet meer.',
    );
  });

  it("writes a note in the handler's name, else the rule maker's; without either it refuses", async () => {
    const f = await newFlow();
    expect(
      await runAction(t, a.companyId, 'create_note', f.id, { text: 'Status: {{ dossier.status }}' }),
    ).toBe('Notitie aangemaakt');
    const orphan = await createTestFlow(t, a.companyId);
    await runAction(t, a.companyId, 'create_note', orphan.id, {
      text: 'Zonder behandelaar',
      createdBy: colleague,
    });
    expect(
      await rows(
        t,
        sql`select flow_id, content, user_id from note where flow_id in (${f.id}, ${orphan.id}) order by id`,
      ),
    ).toEqual([
      { flow_id: f.id, content: 'Status: Lead', user_id: a.userId },
      { flow_id: orphan.id, content: 'Zonder behandelaar', user_id: colleague },
    ]);
    await expect(runAction(t, a.companyId, 'create_note', orphan.id, { text: 'x' })).rejects.toThrow(
      'Er is niemand om namens te handelen',
    );
  });

  it('creates an action with the defaults: due now, overdue 48 hours later, normal; for everyone or the handler', async () => {
    const f = await newFlow();
    const before = Date.now();
    await runAction(t, a.companyId, 'create_action', f.id, {
      userId: RULE_USER_EVERYONE,
      text: 'Offerte nabellen',
    });
    await runAction(t, a.companyId, 'create_action', f.id, {
      userId: RULE_USER_HANDLER,
      text: 'Voor {{ behandelaar.naam }}',
    });
    const made = await rows<{
      description: string;
      user_id: number | null;
      priority: string;
      due_date: Date;
      overdue_date: Date;
      created_by: number;
    }>(
      t,
      sql`select description, user_id, priority, due_date, overdue_date, created_by from action where flow_id = ${f.id} order by id`,
    );
    expect(made.map((m) => [m.description, m.user_id, m.priority, m.created_by])).toEqual([
      ['Offerte nabellen', null, 'normal', a.userId],
      [expect.stringMatching(/^Voor Test Gebruiker/), a.userId, 'normal', a.userId],
    ]);
    for (const m of made) {
      const due = new Date(m.due_date).getTime();
      expect(Math.abs(due - before)).toBeLessThan(61_000);
      expect(new Date(m.overdue_date).getTime() - due).toBe(48 * 3_600_000);
    }
  });
});

describe('removals', () => {
  it("removes the flow's open actions and future appointments, nothing else", async () => {
    const f = await newFlow();
    const other = await newFlow();
    const hour = 3_600_000;
    await inA((tx) =>
      tx.insert(action).values([
        {
          targetType: 'flow',
          flowId: f.id,
          description: 'open',
          dueDate: new Date(),
          overdueDate: new Date(),
        },
        {
          targetType: 'flow',
          flowId: f.id,
          description: 'klaar',
          status: 'afgerond',
          dueDate: new Date(),
          overdueDate: new Date(),
        },
        {
          targetType: 'flow',
          flowId: other.id,
          description: 'ander',
          dueDate: new Date(),
          overdueDate: new Date(),
        },
      ]),
    );
    const at = (h: number) => new Date(Date.now() + h * hour);
    await inA((tx) =>
      tx.insert(agendaItem).values([
        { targetType: 'flow', flowId: f.id, title: 'voorbij', startDate: at(-5), endDate: at(-4) },
        { targetType: 'flow', flowId: f.id, title: 'komt', startDate: at(5), endDate: at(6) },
        { targetType: 'flow', flowId: other.id, title: 'ander', startDate: at(5), endDate: at(6) },
      ]),
    );
    expect(await runAction(t, a.companyId, 'delete_actions', f.id)).toBe('1 open actie verwijderd');
    expect(await runAction(t, a.companyId, 'delete_agendaitems', f.id)).toBe(
      '1 toekomstige afspraak verwijderd',
    );
    expect(
      await rows(t, sql`select description from action where flow_id in (${f.id}, ${other.id}) order by id`),
    ).toEqual([{ description: 'klaar' }, { description: 'ander' }]);
    expect(
      await rows(t, sql`select title from agenda_item where flow_id in (${f.id}, ${other.id}) order by id`),
    ).toEqual([{ title: 'voorbij' }, { title: 'ander' }]);
  });

  it("cancels the flow's pending delayed rules with the rule's description as reason", async () => {
    const f = await newFlow();
    const other = await newFlow();
    await inA(async (tx) => {
      const [r] = await tx
        .insert(eventTriggerRule)
        .values({
          eventTriggerTag: 'flow_status_changed',
          type: 'create_note',
          text: 'later',
          isDelayed: true,
        })
        .returning();
      const due = new Date(Date.now() + 86_400_000);
      await tx.insert(delayedRule).values([
        { ruleId: r!.id, flowId: f.id, trigger: 'flow_status_changed', dueAt: due },
        { ruleId: r!.id, flowId: f.id, trigger: 'flow_status_changed', dueAt: due, status: 'fired' },
        { ruleId: r!.id, flowId: other.id, trigger: 'flow_status_changed', dueAt: due },
      ]);
    });
    expect(
      await runAction(t, a.companyId, 'delete_delayed_rules', f.id, {
        description: 'Klant heeft gereageerd',
      }),
    ).toBe('1 uitgestelde regel geannuleerd');
    expect(
      await rows(
        t,
        sql`select flow_id, status, reason from delayed_rule where flow_id in (${f.id}, ${other.id}) order by id`,
      ),
    ).toEqual([
      {
        flow_id: f.id,
        status: 'cancelled',
        reason: 'Geannuleerd door workflowregel: Klant heeft gereageerd',
      },
      { flow_id: f.id, status: 'fired', reason: null },
      { flow_id: other.id, status: 'pending', reason: null },
    ]);
  });
});
