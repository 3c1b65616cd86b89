import type { CreateVerticalDataField, FlowDataItemType, FormValue } from '@im/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { vertical } from '../../platform/db/tables/forms.schema';
import { productTableRow } from '../../platform/db/tables/products.schema';
import type { FileStorage } from '../../platform/files/storage';
import type { Logger } from '../../platform/logger';
import { createItem as createCalculationLine } from '../calculations';
import { createDocument } from '../documents';
import {
  createField,
  createIntake,
  createItem,
  createProject,
  createVertical,
  setItemStatus,
  syncCalculationsWithForms,
  updateIntake,
  updateItemValues,
  updateProject,
} from '../forms';
import { insertPicture, processPicture, resolveTarget, storeProcessed } from '../pictures';
import { createProduct, updateTableRow } from '../products';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';

type Field = Omit<
  CreateVerticalDataField,
  'vertical_id' | 'options' | 'calculationrules' | 'showrules' | 'selectable_in_products' | 'allow_locations'
> &
  Partial<
    Pick<
      CreateVerticalDataField,
      'options' | 'calculationrules' | 'showrules' | 'selectable_in_products' | 'allow_locations'
    >
  >;

const FORMS: {
  name: string;
  type: 'intake' | 'project' | 'aftercare';
  description: string;
  fields: Field[];
}[] = [
  {
    name: 'Opname zonnepanelen',
    type: 'intake',
    description: 'Dak, oriëntatie en aantal panelen voor de offerte.',
    fields: [
      { field_label: 'Dakvorm', field_type: 'selectbox', options: ['Schuin dak', 'Plat dak'] },
      {
        field_label: 'Dakhelling (graden)',
        field_name: 'dakhelling',
        field_type: 'number',
        showrules: [
          { field_name: 'dakvorm', operator: 'issame', field_value: 'Schuin dak', pretty_description: '' },
        ],
      },
      {
        field_label: 'Oriëntatie',
        field_type: 'selectbox',
        options: ['Zuid', 'Zuidoost', 'Zuidwest', 'Oost', 'West', 'Oost-west'],
      },
      { field_label: 'Aantal panelen', field_type: 'number' },
      { field_label: 'Vermogen per paneel (Wp)', field_name: 'vermogen_per_paneel', field_type: 'number' },
      {
        field_label: 'Totaal vermogen (Wp)',
        field_name: 'totaal_vermogen',
        field_type: 'calculated',
        calculationrules: [{ formula: 'aantal_panelen * vermogen_per_paneel', showrules: [] }],
      },
      { field_label: 'Foto van het dak', field_name: 'foto_dak', field_type: 'photo' },
      { field_label: 'Foto van de meterkast', field_name: 'foto_meterkast', field_type: 'photo' },
      { field_label: 'Opmerkingen', field_type: 'textarea' },
    ],
  },
  {
    name: 'Ruimte (warmtepomp)',
    type: 'intake',
    description: 'Eén per ruimte: afmetingen en isolatie voor het warmteverlies.',
    fields: [
      { field_label: 'Ruimte', field_name: 'ruimte', field_type: 'text' },
      { field_label: 'Lengte (m)', field_name: 'length', field_type: 'number' },
      { field_label: 'Breedte (m)', field_name: 'width', field_type: 'number' },
      { field_label: 'Correctie (m²)', field_name: 'adjustment', field_type: 'number' },
      { field_label: 'Isolatie', field_type: 'selectbox', options: ['Goed', 'Matig', 'Slecht'] },
      { field_label: 'Vloerverwarming', field_type: 'checkbox' },
    ],
  },
  {
    name: 'Oplevering zonnepanelen',
    type: 'project',
    description: 'Ingevuld door de monteur bij de oplevering.',
    fields: [
      { field_label: 'Opleverdatum', field_type: 'date' },
      { field_label: 'Serienummer omvormer', field_name: 'serienummer_omvormer', field_type: 'text' },
      { field_label: 'Foto van de installatie', field_name: 'foto_installatie', field_type: 'photo' },
      { field_label: 'Klant tevreden', field_type: 'checkbox' },
    ],
  },
  {
    name: 'Vragen vooraf',
    type: 'intake',
    description: 'Door de klant in te vullen voor het opnamebezoek.',
    fields: [
      { field_label: 'Bouwjaar woning', field_name: 'bouwjaar', field_type: 'number' },
      {
        field_label: 'Huidige verwarming',
        field_name: 'verwarming',
        field_type: 'selectbox',
        options: ['Cv-ketel op gas', 'Hybride warmtepomp', 'Anders'],
      },
      { field_label: 'Foto van de meterkast', field_name: 'foto_meterkast', field_type: 'photo' },
      { field_label: 'Vragen of opmerkingen', field_name: 'opmerkingen', field_type: 'textarea' },
    ],
  },
  {
    name: 'Servicebezoek',
    type: 'aftercare',
    description: 'Wat er bij een servicebezoek is gedaan.',
    fields: [
      { field_label: 'Klacht of storing', field_name: 'klacht', field_type: 'textarea' },
      { field_label: 'Opgelost', field_type: 'checkbox' },
      { field_label: 'Foto', field_name: 'foto', field_type: 'photo' },
    ],
  },
];

/** A made-up photo: a coloured plane with a caption (what a phone photo of the site stands in for). */
async function demoPhoto(caption: string, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="${color}"/><text x="60" y="740" font-family="sans-serif" font-size="64" fill="#ffffff">${caption}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function addPhoto(
  tx: Tx,
  storage: FileStorage,
  companyId: number,
  target: { flow_data_item_id: number; field_name?: string },
  caption: string,
  color: string,
): Promise<void> {
  const files = await storeProcessed(
    storage,
    companyId,
    `${caption}.jpg`,
    await processPicture(await demoPhoto(caption, color)),
  );
  await insertPicture(tx, await resolveTarget(tx, target), files, 'user');
}

async function makeForms(tx: Tx): Promise<Map<string, { id: number; fields: Map<string, number> }>> {
  const forms = new Map<string, { id: number; fields: Map<string, number> }>();
  for (const form of FORMS) {
    const id = await createVertical(tx, {
      name: form.name,
      type: form.type,
      description: form.description,
      is_recurring: false,
    });
    const fields = new Map<string, number>();
    for (const f of form.fields) {
      const fieldId = await createField(tx, {
        vertical_id: id,
        options: [],
        calculationrules: [],
        showrules: [],
        selectable_in_products: true,
        allow_locations: false,
        ...f,
      });
      fields.set(f.field_name ?? f.field_label, fieldId);
    }
    forms.set(form.name, { id, fields });
  }
  return forms;
}

async function fill(
  tx: Tx,
  verticalId: number,
  target: { flow_id: number; intake_id?: number; project_id?: number },
  values: Record<string, FormValue>,
  itemType: FlowDataItemType = 'form',
) {
  const id = await createItem(tx, { vertical_id: verticalId, item_type: itemType, ...target });
  await updateItemValues(tx, id, values);
  return id;
}

async function loadCompany(tx: Tx, storage: FileStorage, companyId: number): Promise<void> {
  const flows = await tx
    .select({ id: flow.id })
    .from(flow)
    .where(and(isNull(flow.deletedAt), isNull(flow.mergedIntoFlowId), sql`${flow.flowStatus} <> 'cancelled'`))
    .orderBy(desc(flow.id))
    .limit(4);
  if (flows.length < 4) return;
  const forms = await makeForms(tx);
  const solar = forms.get('Opname zonnepanelen')!;
  const room = forms.get('Ruimte (warmtepomp)')!;
  const delivery = forms.get('Oplevering zonnepanelen')!;
  const service = forms.get('Servicebezoek')!;
  const questions = forms.get('Vragen vooraf')!;
  const [solarFlow, heatFlow, projectFlow, serviceFlow] = flows.map((f) => f.id) as [
    number,
    number,
    number,
    number,
  ];

  // Solar: a completed intake with the roof measured and photographed, and a draft quotation whose
  // panel line takes its amount from the intake (a 'fromobject' product on the panel count).
  const intake = await createIntake(tx, {
    flow_id: solarFlow,
    vertical_ids: [solar.id],
    description: 'Opname dak en meterkast',
    is_template: false,
    name: '',
  });
  const [solarItem] = await tx
    .execute<{ id: number }>(sql`select id from flow_data_item where intake_id = ${intake}`)
    .then((r) => r.rows);
  await updateItemValues(tx, solarItem!.id, {
    dakvorm: 'Schuin dak',
    dakhelling: '35',
    orientatie: 'Zuid',
    aantal_panelen: '14',
    vermogen_per_paneel: '430',
    opmerkingen:
      'Schoorsteen aan de noordzijde; geen schaduw op het zuiddak. De schuur achter het huis heeft asbesthoudende golfplaten: daar niet op.',
  });
  await addPhoto(
    tx,
    storage,
    companyId,
    { flow_data_item_id: solarItem!.id, field_name: 'foto_dak' },
    'Zuiddak',
    '#3b6ea5',
  );
  await addPhoto(
    tx,
    storage,
    companyId,
    { flow_data_item_id: solarItem!.id, field_name: 'foto_meterkast' },
    'Meterkast',
    '#6b7b3a',
  );
  await updateIntake(tx, intake, {
    intake_date: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    status: 'completed',
  });
  await createIntake(tx, {
    is_template: true,
    name: 'Opname zonnepanelen',
    vertical_ids: [solar.id],
    description: '',
  });

  const panel = await createProduct(tx, {
    item_name: 'Zonnepaneel 430 Wp (aantal uit de opname)',
    data_origin: 'fromobject',
    vertical_id: solar.id,
    alternativeamount_id: solar.fields.get('Aantal panelen')!,
  } as Parameters<typeof createProduct>[1]);
  const [row] = await tx
    .select({ id: productTableRow.id })
    .from(productTableRow)
    .where(eq(productTableRow.productId, panel.id))
    .orderBy(asc(productTableRow.id))
    .limit(1);
  await updateTableRow(tx, row!.id, { unit_amount: '0', unit_rate_exc: '165' });
  const quotation = await createDocument(tx, 'quotation', {
    flow_id: solarFlow,
    title: 'Zonnepanelen volgens opname',
  });
  await createCalculationLine(tx, {
    calculation_id: quotation.calculation!.id,
    item_type: 'product',
    product_id: panel.id,
  } as Parameters<typeof createCalculationLine>[1]);
  await syncCalculationsWithForms(tx, solarFlow);

  // Heat pump: an intake with three rooms (their areas derived), one not yet submitted.
  const heatIntake = await createIntake(tx, {
    flow_id: heatFlow,
    description: 'Warmteverliesberekening',
    is_template: false,
    name: '',
  });
  const rooms: [string, string, string, string, string][] = [
    ['Woonkamer', '7,2', '4,5', '0', 'Matig'],
    ['Keuken', '3,6', '3,1', '-0,5', 'Goed'],
    ['Slaapkamer', '4,0', '3,4', '0', 'Slecht'],
  ];
  for (const [i, [ruimte, length, width, adjustment, isolatie]] of rooms.entries()) {
    const id = await fill(
      tx,
      room.id,
      { flow_id: heatFlow, intake_id: heatIntake },
      { ruimte, length, width, adjustment, isolatie, vloerverwarming: i === 0 },
      'room',
    );
    if (i < 2) await setItemStatus(tx, id, 'sent');
  }
  // Before the visit the customer answers a few questions through the dossier link (decision 048).
  await createItem(tx, {
    vertical_id: questions.id,
    item_type: 'form',
    flow_id: heatFlow,
    intake_id: heatIntake,
  });

  // Project: delivery form filled in by the installer with a photo; aftercare: a service visit.
  const project = await createProject(tx, {
    flow_id: projectFlow,
    vertical_ids: [delivery.id],
    description: 'Montage 12 panelen',
    is_template: false,
    name: '',
  });
  const [deliveryItem] = await tx
    .execute<{ id: number }>(sql`select id from flow_data_item where project_id = ${project}`)
    .then((r) => r.rows);
  await updateItemValues(tx, deliveryItem!.id, {
    opleverdatum: new Date().toISOString().slice(0, 10),
    serienummer_omvormer: 'SE5000H-73920145',
    klant_tevreden: true,
  });
  await addPhoto(
    tx,
    storage,
    companyId,
    { flow_data_item_id: deliveryItem!.id, field_name: 'foto_installatie' },
    'Installatie',
    '#a55a3b',
  );
  await updateProject(tx, project, { update_reason: 'markplanned' });
  await createProject(tx, {
    is_template: true,
    name: 'Zonnepanelen',
    vertical_ids: [delivery.id],
    description: '',
  });

  const serviceItem = await fill(
    tx,
    service.id,
    { flow_id: serviceFlow },
    { klacht: 'Omvormer meldt isolatiefout na regenbui.', opgelost: true },
  );
  await addPhoto(
    tx,
    storage,
    companyId,
    { flow_data_item_id: serviceItem, field_name: 'foto' },
    'Omvormer',
    '#555555',
  );
}

/**
 * Forms on the demo companies (spec 002; decision 023): a solar intake form with a calculated field
 * and photos, a heat pump room form (derived areas), a project delivery form and a service form, filled
 * in on demo flows, with a draft quotation whose panel count comes from the intake. A company that
 * already has forms is left alone.
 */
export async function loadFormsDemoData(db: Database, storage: FileStorage, logger: Logger): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const entered = await db.platform((tx) => findUserByEmail(tx, demo.enteredBy));
    if (!entered) continue;
    await db.tenant({ companyId: target.id, userId: entered.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:forms-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: vertical.id }).from(vertical).limit(1);
      if (existing) return;
      await loadCompany(tx, storage, target.id);
    });
  }
  logger.info({ forms: FORMS.length }, 'demo forms loaded');
}
