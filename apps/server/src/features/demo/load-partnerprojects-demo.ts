import { type FlowStatus, zCreateCalculationItem } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { Logger } from '../../platform/logger';
import { copyCalculation, createCalculation, createItem } from '../calculations';
import { changeFlowStatus } from '../flows';
import { createFlowInProject, createPartnerProject } from '../partnerprojects';
import { createRelation } from '../relations';

const COMPANY = 'Zonnestroom Noord B.V.';
const PARTNER = 'Woonstichting Groninger Huis';
export const DEMO_PROJECT_LABEL = 'Isolatie Selwerd – 40 woningen';
/** Spread of the 40 homes over the flow's stages (five each). */
const STATUSES: FlowStatus[] = [
  'new',
  'intake',
  'quotation',
  'confirmation',
  'project',
  'invoice',
  'aftercare',
  'completed',
];
const FIRST = ['Anna', 'Bram', 'Carla', 'Daan', 'Eva', 'Frank', 'Gerda', 'Hans', 'Ilse', 'Joost'];
// Groningen names, none of them in the README's example import file (the import would match them by name).
const LAST = ['Hoekstra', 'Kuipers', 'Wiersma', 'Zijlstra'];
const TYPES: { type: string; lines: [string, number][] }[] = [
  {
    type: 'rijwoning',
    lines: [
      ['Spouwmuurisolatie rijwoning', 1450],
      ['Bodemisolatie', 850],
    ],
  },
  {
    type: 'hoekwoning',
    lines: [
      ['Spouwmuurisolatie hoekwoning', 1950],
      ['Bodemisolatie', 950],
    ],
  },
  { type: 'portiekwoning', lines: [['Spouwmuurisolatie portiekwoning', 1100]] },
];

/**
 * The housing corporation's partner project (decision 062): 40 homes in Selwerd, five in each stage, a main
 * flow on the corporation's project leader, a type model per house type whose calculation every home of that
 * type carries. Loaded once (a second run changes nothing).
 */
export async function loadPartnerProjectsDemoData(db: Database, logger: Logger): Promise<void> {
  const target = (
    await db.platform((tx) =>
      tx.execute<{ id: number; user_id: number | null }>(sql`select c.id,
        (select u.id from "user" u where u.company_id = c.id and u.user_type <> 'partner' order by u.id limit 1) as user_id
        from company c where c.name = ${COMPANY}`),
    )
  ).rows[0];
  if (!target) return;
  await db.tenant({ companyId: target.id, userId: target.user_id }, async (tx) => {
    const partner = (await tx.execute<{ id: number }>(sql`select id from partner where name = ${PARTNER}`))
      .rows[0];
    if (!partner) return;
    const exists = await tx.execute(sql`select 1 from partner_project where label = ${DEMO_PROJECT_LABEL}`);
    if (exists.rows.length > 0) return;
    // The corporation's project leader, at its office: the main flow's contact.
    const leader = await createRelation(
      tx,
      {
        fullname: 'Marieke Postma',
        email: 'marieke.postma@groningerhuis.nl',
        neworganizationname: PARTNER,
        location: { address: 'Paterswoldseweg', number: '100', postcode: '9727 BE', city: 'Groningen' },
        createnewflow: false,
      },
      { lat: 53.2046, lng: 6.5559 },
    );
    // She is the corporation's contact person.
    await tx.execute(
      sql`update organization set contactperson_id = ${leader.id} where id = (select organization_id from relation where id = ${leader.id})`,
    );
    const projectId = await createPartnerProject(tx, {
      partner_id: partner.id,
      label: DEMO_PROJECT_LABEL,
      relation_id: leader.id,
      status: 'start_project',
      start_date: '2026-09-01',
      end_date: '2027-06-30',
      quotation_calc_method: 'per_flowtype_no_group',
      invoice_calc_method: 'per_flowtype_no_group',
      invoice_method: 'finished_flows',
      progress_threshold_method: 'percentage_finished_flows',
      progress_threshold_amount: 25,
      quotationable_documents: [{ type: 'quotation', id: null, selected: true }],
      invoiceable_documents: [{ type: 'invoice', id: null, selected: true }],
      flow_types: TYPES.map((t) => t.type),
      tags: ['isolatie', 'selwerd'],
    });
    const modelCalculations = new Map<string, number>();
    const models: { id: number; type: string; amount: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const kind = TYPES[i % 5 === 4 ? 1 : i % 7 === 6 ? 2 : 0]!;
      const number = String(i + 1);
      const home = await createRelation(
        tx,
        {
          fullname: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length)]}`,
          location: { address: 'Selwerderdwarsstraat', number, postcode: '9717 GH', city: 'Groningen' },
          createnewflow: false,
        },
        { lat: 53.2318 + i * 0.0001, lng: 6.5531 + i * 0.0001 },
      );
      const flow = await createFlowInProject(tx, projectId, {
        relation_id: home.id,
        description: `Isolatie Selwerderdwarsstraat ${number}`,
        type: kind.type,
      });
      let model = modelCalculations.get(kind.type);
      if (model === undefined) {
        // The first home of a type is its type model: its calculation is what the other homes copy.
        model = (await createCalculation(tx, { flow_id: flow.id })).id;
        await tx.execute(sql`delete from calculation_item where calculation_id = ${model}`);
        for (const [name, rate] of kind.lines)
          await createItem(
            tx,
            zCreateCalculationItem.parse({
              calculation_id: model,
              item_name: name,
              unit_rate_exc_manual: rate,
              vat_percentage: 21,
            }),
          );
        modelCalculations.set(kind.type, model);
        models.push({ id: flow.id, type: kind.type, amount: 0 });
      } else await copyCalculation(tx, model, flow.id, `Calculatie ${kind.type}`);
      models.find((m) => m.type === kind.type)!.amount += 1;
      const status = STATUSES[Math.floor(i / 5)]!;
      if (status !== 'new') await changeFlowStatus(tx, flow.id, { flow_status: status });
    }
    await tx.execute(
      sql`update partner_project set model_flows = ${JSON.stringify(models)}::jsonb where id = ${projectId}`,
    );
    logger.info({ project: DEMO_PROJECT_LABEL, flows: 40 }, 'demo partner project loaded');
  });
}
