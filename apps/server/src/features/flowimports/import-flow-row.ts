import { DEFAULT_LEAD_SOURCE, type FlowStatus } from '@im/domain';
import { rawRows, type Tx } from '../../platform/db/database';
import { firstPhaseOf, leadDateFor, newFlowHash, refreshFlowSearchText } from '../flows';
import type { ImportAddress, PreparedRow } from './classify-rows';

/** What the whole batch gives every flow it imports (spec 001 section 3, "Bulk import data"). */
export interface ImportLinks {
  importId: number;
  /** False for the platform admin's relation import: relations and addresses only. */
  withFlows: boolean;
  status: FlowStatus;
  flowPhaseId: number | null;
  /** The event trigger tag: set on every flow, so tag rules can act on the imported flows. */
  tags: string[];
  partnerId: number | null;
  /** The partner project every flow joins (absent in batches started before the link existed). */
  partnerProjectId?: number | null;
  organizationId: number | null;
  userId: number | null;
  officeUserId: number | null;
  projectUserId: number | null;
  leadSource: string | null;
  /** The import's external file, referred to by every imported flow (absent in older batches). */
  sharedFileId?: number | null;
}

interface RelationValues {
  id: number;
  name: string;
  nameprefix: string;
  surname: string;
  email: string;
  phone: string;
  mobile: string;
  country: string;
  organizationId: number | null;
}
interface LocationValues extends ImportAddress {
  id: number;
  relationId: number;
  isMain: boolean;
}
interface FlowValues {
  id: number;
  number: number;
  hash: string;
  description: string;
  relationId: number;
  locationId: number | null;
  partnerId: number | null;
  partnerProjectId: number | null;
  tags: string[];
  userId: number | null;
  officeUserId: number | null;
  projectUserId: number | null;
}

/** Ids and the flow number reserved for one row before the chunk is written. */
interface Reserved {
  relationId: number;
  locationId: number;
  flowId: number;
  number: number;
}

/**
 * One imported flow: the relation, location and flow one spreadsheet row becomes, with the batch's links.
 * Every imported flow is made here, so a link added to the import (a partner project, starting the
 * project) is added in this one place; `writeImportChunk` writes the rows of a chunk together.
 */
export function importFlowRow(row: PreparedRow, links: ImportLinks, reserved: Reserved) {
  const relation: RelationValues | null =
    row.relationId === null
      ? {
          id: reserved.relationId,
          name: row.name,
          nameprefix: row.nameprefix,
          surname: row.surname,
          email: row.email,
          phone: row.phone,
          mobile: row.mobile,
          country: row.location?.country || 'Nederland',
          organizationId: links.organizationId,
        }
      : null;
  const relationId = relation?.id ?? row.relationId!;
  const location: LocationValues | null =
    row.location && row.locationId === null
      ? { ...row.location, id: reserved.locationId, relationId, isMain: relation !== null }
      : null;
  const flow: FlowValues = {
    id: reserved.flowId,
    number: reserved.number,
    hash: newFlowHash(),
    description: row.description,
    relationId,
    locationId: location?.id ?? row.locationId,
    partnerId: links.partnerId,
    partnerProjectId: links.partnerProjectId ?? null,
    tags: links.tags,
    userId: links.userId,
    officeUserId: links.officeUserId,
    projectUserId: links.projectUserId,
  };
  return { relation, location, flow };
}

const column = <T, K extends keyof T>(rows: T[], key: K) => rows.map((r) => r[key]);

/**
 * Writes a chunk of rows in one transaction with multi-row statements (about a dozen round trips per
 * chunk, whatever its size): relations, locations, flows, lead dates, search texts, log items and the
 * import's own record of what each row made. Answers how many relations it created and matched.
 */
export async function writeImportChunk(
  tx: Tx,
  rows: PreparedRow[],
  links: ImportLinks,
): Promise<{ relationsCreated: number; relationsMatched: number }> {
  if (!rows.length) return { relationsCreated: 0, relationsMatched: 0 };
  const needRelations = rows.filter((r) => r.relationId === null).length;
  const needLocations = rows.filter((r) => r.location && r.locationId === null).length;
  const flowCount = links.withFlows ? rows.length : 0;
  const [reserved] = await rawRows<{
    relations: number[];
    locations: number[];
    flows: number[];
    last: number;
  }>(
    tx,
    `with counter as (
       insert into company_counter (name, value) values ('flow', $3)
       on conflict (company_id, name) do update set value = company_counter.value + $3 returning value)
     select
      array(select nextval(pg_get_serial_sequence('relation', 'id'))::int from generate_series(1, $1)) as relations,
      array(select nextval(pg_get_serial_sequence('location', 'id'))::int from generate_series(1, $2)) as locations,
      array(select nextval(pg_get_serial_sequence('flow', 'id'))::int from generate_series(1, $3)) as flows,
      (select value from counter) as last`,
    [needRelations, needLocations, flowCount],
  );
  const { relations: relIds, locations: locIds, flows: flowIds, last } = reserved!;
  let nr = 0;
  let nl = 0;
  const made = rows.map((row, i) =>
    importFlowRow(row, links, {
      relationId: row.relationId === null ? relIds[nr++]! : 0,
      locationId: row.location && row.locationId === null ? locIds[nl++]! : 0,
      flowId: flowIds[i] ?? 0,
      number: last - rows.length + 1 + i,
    }),
  );
  const relations = made.flatMap((m) => (m.relation ? [m.relation] : []));
  const locations = made.flatMap((m) => (m.location ? [m.location] : []));
  const flows = links.withFlows ? made.map((m) => m.flow) : [];
  const leadSource = links.leadSource || DEFAULT_LEAD_SOURCE;
  const [settings] = await rawRows<{ flowprofile_id: number | null }>(
    tx,
    'select standard_flowprofile_id as flowprofile_id from company_settings limit 1',
    [],
  );
  const phaseId = links.flowPhaseId ?? (await firstPhaseOf(tx, links.status));

  if (relations.length)
    await rawRows(
      tx,
      `insert into relation (id, name, nameprefix, surname, email, phone, mobile, country, lead_source, organization_id, flowprofile_id)
       select u.id, u.name, u.nameprefix, u.surname, u.email, u.phone, u.mobile, u.country, $8, u.organization_id, $10::integer
       from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $9::text[], $11::int[])
         as u(id, name, nameprefix, surname, email, phone, mobile, country, organization_id)`,
      [
        column(relations, 'id'),
        column(relations, 'name'),
        column(relations, 'nameprefix'),
        column(relations, 'surname'),
        column(relations, 'email'),
        column(relations, 'phone'),
        column(relations, 'mobile'),
        leadSource,
        column(relations, 'country'),
        settings?.flowprofile_id ?? null,
        column(relations, 'organizationId'),
      ],
    );
  if (locations.length)
    await rawRows(
      tx,
      `insert into location (id, relation_id, address, number, number_addition, postcode, city, country, is_main)
       select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bool[])`,
      [
        column(locations, 'id'),
        column(locations, 'relationId'),
        column(locations, 'address'),
        column(locations, 'number'),
        column(locations, 'number_addition'),
        column(locations, 'postcode'),
        column(locations, 'city'),
        column(locations, 'country'),
        column(locations, 'isMain'),
      ],
    );
  if (flows.length) await insertFlows();
  async function insertFlows() {
    await rawRows(
      tx,
      `insert into flow (id, hash, number, description, flow_status, flow_phase_id, relation_id, location_id, lead_source,
       flowprofile_id, partner_id, tags, user_id, office_user_id, project_user_id, partner_project_id)
     select u.id, u.hash, u.number, u.description, $7, $8::integer, u.relation_id, u.location_id, $9, $10::integer,
       $11::integer, $12::text[], $13::integer, $14::integer, $15::integer, $16::integer
     from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::int[], $6::int[])
       as u(id, hash, number, description, relation_id, location_id)`,
      [
        column(flows, 'id'),
        column(flows, 'hash'),
        column(flows, 'number'),
        column(flows, 'description'),
        column(flows, 'relationId'),
        column(flows, 'locationId'),
        links.status,
        phaseId,
        leadSource,
        settings?.flowprofile_id ?? null,
        links.partnerId,
        links.tags,
        links.userId,
        links.officeUserId,
        links.projectUserId,
        links.partnerProjectId ?? null,
      ],
    );
    const stageColumn = Object.keys(leadDateFor(links.status, new Date()))[0];
    const stageDate = stageColumn ? stageColumn.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : null;
    await rawRows(
      tx,
      `insert into lead (flow_id, date_lead${stageDate ? `, ${stageDate}` : ''})
     select id, now()${stageDate ? ', now()' : ''} from unnest($1::int[]) as u(id)`,
      [column(flows, 'id')],
    );
    await refreshFlowSearchText(tx, { flowIds: column(flows, 'id') });
    if (links.sharedFileId)
      await rawRows(
        tx,
        `insert into flow_shared_file (flow_id, stored_file_id, flow_import_id)
         select id, $2, $3 from unnest($1::int[]) as u(id) on conflict do nothing`,
        [column(flows, 'id'), links.sharedFileId, links.importId],
      );
  }
  const logType = [...relations.map(() => 'relation'), ...flows.map(() => 'flow')];
  const logIds = [...column(relations, 'id'), ...column(flows, 'id')];
  const logText = [
    ...relations.map(
      (r) => `Relatie ${[r.name, r.nameprefix, r.surname].filter(Boolean).join(' ')} aangemaakt via import`,
    ),
    ...flows.map((f) => `Dossier ${f.number} aangemaakt via import`),
  ];
  await rawRows(
    tx,
    `insert into log_item (loggable_type, loggable_id, action, description, changes)
     select u.t, u.id, 'create', u.d, jsonb_build_object('flow_import_id', $4::int)
     from unnest($1::text[], $2::int[], $3::text[]) as u(t, id, d)`,
    [logType, logIds, logText, links.importId],
  );
  await rawRows(
    tx,
    `insert into flow_import_row (import_id, row, flow_id, relation_id, relation_created, location_id, location_created)
     select $1, * from unnest($2::int[], $3::int[], $4::int[], $5::bool[], $6::int[], $7::bool[])`,
    [
      links.importId,
      rows.map((r) => r.row),
      made.map((m) => (links.withFlows ? m.flow.id : null)),
      made.map((m) => m.flow.relationId),
      made.map((m) => m.relation !== null),
      made.map((m) => m.flow.locationId),
      made.map((m) => m.location !== null),
    ],
  );
  const relationsMatched = rows.filter((r) => r.choice === 'existing').length;
  await rawRows(
    tx,
    `update flow_import set flows_created = flows_created + $2, relations_created = relations_created + $3,
       relations_matched = relations_matched + $4 where id = $1`,
    [links.importId, flows.length, relations.length, relationsMatched],
  );
  return { relationsCreated: relations.length, relationsMatched };
}
