import { TZDate } from '@date-fns/tz';
import { type ActionPriority, BUSINESS_TIME_ZONE } from '@im/domain';
import { addDays, startOfWeek } from 'date-fns';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { action } from '../../platform/db/tables/planning.schema';
import { user } from '../../platform/db/tables/users.schema';
import type { Logger } from '../../platform/logger';
import {
  createAction,
  createAgendaItem,
  createNote,
  createTask,
  storeFromTemplate,
  updateTask,
} from '../planning';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';

const ACTIONS: { text: string; priority: ActionPriority; dueInDays: number }[] = [
  { text: 'Klant terugbellen over de offerte', priority: 'top', dueInDays: -3 },
  { text: 'Subsidie (ISDE) aanvragen voor de warmtepomp', priority: 'high', dueInDays: -1 },
  { text: 'Netbeheerder informeren over de omvormer', priority: 'normal', dueInDays: 0 },
  { text: 'Dakopname inplannen met de klant', priority: 'high', dueInDays: 1 },
  { text: 'Materiaal bestellen bij de groothandel', priority: 'top', dueInDays: 2 },
  { text: 'Foto’s van de meterkast opvragen', priority: 'normal', dueInDays: 3 },
  { text: 'Nabellen: klanttevredenheid na oplevering', priority: 'low', dueInDays: 5 },
  { text: 'Steiger afbestellen na oplevering', priority: 'normal', dueInDays: -5 },
  { text: 'Factuur controleren op deelbetaling', priority: 'high', dueInDays: 7 },
  { text: 'Garantiebewijs panelen mailen', priority: 'low', dueInDays: 10 },
];

const APPOINTMENTS = [
  { title: 'Dakopname zonnepanelen', hour: 9, hours: 1.5, location: 'Bij de klant' },
  { title: 'Adviesgesprek warmtepomp', hour: 11, hours: 1, location: 'Bij de klant' },
  { title: 'Montage panelen', hour: 8, hours: 4, location: 'Werkadres' },
  { title: 'Oplevering en uitleg omvormer', hour: 14, hours: 1, location: 'Bij de klant' },
  { title: 'Spouwmuur isoleren', hour: 8, hours: 6, location: 'Werkadres' },
];

const TEMPLATES = [
  { description: 'Opname dak en meterkast', type: 'opname' as const, duration: 90, amountofpeople: 1 },
  { description: 'Montage zonnepanelen', type: 'uitvoering' as const, duration: 360, amountofpeople: 2 },
  { description: 'Plaatsen warmtepomp', type: 'uitvoering' as const, duration: 480, amountofpeople: 2 },
  { description: 'Jaarlijkse service warmtepomp', type: 'service' as const, duration: 60, amountofpeople: 1 },
];

const NOTES = [
  'Klant werkt thuis op dinsdag en donderdag; bellen na 16:00.',
  'Hond in de tuin: eerst aanbellen bij de voordeur.',
  'Dak is in 2019 vernieuwd, geen asbest. Nokhoogte ongeveer 8 meter.',
  'Wil de panelen volledig zwart; prijsverschil is besproken.',
  'Buurman heeft ook interesse, zie zijn aanvraag.',
];

/** Local time in Amsterdam on `day` at `hour` (fractional hours allowed). */
function at(day: Date, hour: number): Date {
  const d = new TZDate(day.getTime(), BUSINESS_TIME_ZONE);
  d.setHours(Math.floor(hour), Math.round((hour % 1) * 60), 0, 0);
  return new Date(d.getTime());
}

async function loadCompany(tx: Tx, companyId: number, callerId: number, logger: Logger, now: Date) {
  const staff = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(isNull(user.deletedAt), notInArray(user.userType, ['partner', 'dummy'])))
    .orderBy(asc(user.id));
  const flows = await tx
    .select({ id: flow.id, relationId: flow.relationId, userId: flow.userId })
    .from(flow)
    .where(and(isNull(flow.deletedAt), sql`${flow.flowStatus} not in ('completed', 'cancelled')`))
    .orderBy(asc(flow.id))
    .limit(30);
  if (flows.length === 0 || staff.length === 0) return;
  const caller = { userId: callerId, companyId };
  const who = (i: number) => staff[i % staff.length]!.id;

  for (const [i, a] of ACTIONS.entries()) {
    const f = flows[i % flows.length]!;
    const due = at(addDays(now, a.dueInDays), 9 + (i % 7));
    await createAction(
      tx,
      {
        flow_id: f.id,
        description: a.text,
        // Every fourth is a general action for everyone.
        user_id: i % 4 === 3 ? 0 : who(i),
        priority: a.priority,
        due_date: due.toISOString(),
        overdue_date: addDays(due, 2).toISOString(),
      },
      caller,
      now,
    );
  }

  // A working week of appointments, Monday to Friday of this week, two a day.
  const monday = startOfWeek(new TZDate(now.getTime(), BUSINESS_TIME_ZONE), { weekStartsOn: 1 });
  for (let day = 0; day < 5; day++) {
    for (let slot = 0; slot < 2; slot++) {
      const n = day * 2 + slot;
      const a = APPOINTMENTS[n % APPOINTMENTS.length]!;
      const f = flows[(n + 3) % flows.length]!;
      const start = at(addDays(monday, day), slot === 0 ? a.hour : Math.max(a.hour + a.hours + 0.5, 13));
      await createAgendaItem(
        tx,
        {
          flow_id: f.id,
          title: a.title,
          location: a.location,
          user_id: who(n),
          start_date: start.toISOString(),
          end_date: new Date(start.getTime() + a.hours * 3_600_000).toISOString(),
        },
        caller,
        now,
      );
    }
  }
  await createAgendaItem(
    tx,
    {
      title: 'Werkoverleg',
      location: 'Kantoor',
      user_id: 0,
      start_date: at(addDays(monday, 0), 8).toISOString(),
      end_date: at(addDays(monday, 0), 8.5).toISOString(),
    },
    caller,
    now,
  );

  for (const [i, text] of NOTES.entries()) {
    const f = flows[(i * 2) % flows.length]!;
    await createNote(
      tx,
      i % 2 === 0
        ? { flow_id: f.id, content: text, sticky: i === 0 }
        : { relation_id: f.relationId, content: text },
      caller,
    );
  }
  // Task templates, and tasks on every open flow (their addresses lie in Friesland, Groningen,
  // Drenthe and Overijssel): planned this week and next, some unplanned, some past their date.
  const templates: number[] = [];
  for (const t of TEMPLATES)
    templates.push(
      await createTask(
        tx,
        { ...t, status: 'open', amountofpeople: t.amountofpeople, is_template: true },
        caller,
      ),
    );
  for (const [i, f] of flows.entries()) {
    const id = await storeFromTemplate(
      tx,
      { flow_id: f.id, tasktemplate_id: templates[i % templates.length]! },
      caller,
    );
    const day = (i % 12) - 3;
    if (i % 5 === 4) continue; // unplanned
    const start = at(addDays(monday, day), 8 + (i % 3) * 2);
    await updateTask(
      tx,
      id,
      {
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        user_id: who(i + 1),
      },
      caller,
    );
  }
  logger.info(
    {
      company: companyId,
      actions: ACTIONS.length,
      appointments: 11,
      notes: NOTES.length,
      tasks: flows.length,
    },
    'demo planning loaded',
  );
}

/**
 * Actions (some overdue), a week of appointments and notes for the demo companies. A company that
 * already has actions is left alone, so loading twice changes nothing.
 */
export async function loadPlanningDemoData(db: Database, logger: Logger, now = new Date()): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const entered = await db.platform((tx) => findUserByEmail(tx, demo.enteredBy));
    if (!entered) continue;
    await db.tenant({ companyId: target.id, userId: entered.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:planning-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: action.id }).from(action).limit(1);
      if (existing) return;
      await loadCompany(tx, target.id, entered.id, logger, now);
    });
  }
}
