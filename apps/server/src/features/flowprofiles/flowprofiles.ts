import {
  type FlowProfile,
  type FlowProfileInput,
  MAIL_TEMPLATE_TYPE_LABELS,
  type MailTemplateType,
} from '@im/domain';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { conflict, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';

export const STANDARD_PROFILE_DELETE_BLOCKED =
  'Het is niet mogelijk om het standaard aanvraagprofiel te verwijderen. Kies eerst een ander standaard aanvraagprofiel.';

const live = isNull(flowProfile.deletedAt);
export const flowProfileColumns = {
  id: flowProfile.id,
  name: flowProfile.name,
  standard_calculation_id: sql<number | null>`(${flowProfile.settings}->>'standard_calculation_id')::int`,
  mailtemplate_ids: sql<
    FlowProfile['mailtemplate_ids']
  >`coalesce(${flowProfile.settings}->'mailtemplate_ids', '{}'::jsonb)`,
  template_ids: sql<
    FlowProfile['template_ids']
  >`coalesce(${flowProfile.settings}->'template_ids', '{}'::jsonb)`,
};

export const UNKNOWN_DOCUMENT_TEMPLATE = 'Dit template bestaat niet.';

export const UNKNOWN_MAIL_TEMPLATE = 'Deze mailtemplate bestaat niet.';
export const wrongMailTemplateType = (label: string) => `Kies een mailtemplate van het soort '${label}'.`;

/** 422 unless every chosen mail template is one of the company's and of the type it is chosen for. */
async function checkMailTemplates(tx: Tx, ids: NonNullable<FlowProfileInput['mailtemplate_ids']>) {
  for (const [type, id] of Object.entries(ids) as [MailTemplateType, number | null][]) {
    if (id === null) continue;
    const field = `mailtemplate_ids.${type}`;
    const [row] = await tx
      .select({ type: mailTemplate.templateType })
      .from(mailTemplate)
      .where(eq(mailTemplate.id, id));
    if (!row) throw validationError(UNKNOWN_MAIL_TEMPLATE, { [field]: [UNKNOWN_MAIL_TEMPLATE] });
    if (row.type !== type) {
      const message = wrongMailTemplateType(MAIL_TEMPLATE_TYPE_LABELS[type]);
      throw validationError(message, { [field]: [message] });
    }
  }
}

export const NO_SUCH_TEMPLATE = 'Deze standaardcalculatie bestaat niet.';

/** The settings change for the chosen standard calculation and mail templates (each one of the company's). */
async function settingsChange(tx: Tx, input: FlowProfileInput, isNew: boolean) {
  // A new row has no settings to build on yet.
  const base = isNew ? sql`'{}'::jsonb` : sql`${flowProfile.settings}`;
  const mail = await mailTemplateChange(tx, input, base);
  const calculation = await calculationChange(tx, input);
  const templates = await documentTemplateChange(tx, input, base);
  if (!mail && !calculation && !templates) return {};
  return { settings: sql`${base}${calculation ?? sql``}${mail ?? sql``}${templates ?? sql``}` };
}

/** Sets (id of a template of that kind) or removes (null) the standard document template per kind. */
async function documentTemplateChange(tx: Tx, input: FlowProfileInput, base: SQL) {
  const ids = input.template_ids;
  if (!ids || Object.keys(ids).length === 0) return null;
  for (const [kind, id] of Object.entries(ids)) {
    if (id === null) continue;
    const found = await tx.execute(
      sql`select 1 from sales_document where id = ${id} and kind = ${kind} and is_template and deleted_at is null`,
    );
    if (found.rows.length === 0)
      throw validationError(UNKNOWN_DOCUMENT_TEMPLATE, {
        [`template_ids.${kind}`]: [UNKNOWN_DOCUMENT_TEMPLATE],
      });
  }
  const set = Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== null));
  const cleared = Object.entries(ids)
    .filter(([, id]) => id === null)
    .map(([kind]) => kind);
  return sql` || jsonb_build_object('template_ids', (coalesce(${base}->'template_ids', '{}'::jsonb) || ${JSON.stringify(set)}::jsonb) - ${`{${cleared.join(',')}}`}::text[])`;
}

/** Sets (id) or removes (null) the profile's mail template per type; other types stay. */
async function mailTemplateChange(tx: Tx, input: FlowProfileInput, base: SQL) {
  const ids = input.mailtemplate_ids;
  if (!ids || Object.keys(ids).length === 0) return null;
  await checkMailTemplates(tx, ids);
  const set = Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== null));
  const cleared = Object.entries(ids)
    .filter(([, id]) => id === null)
    .map(([type]) => type);
  // The types are the contract's enum values, so the array literal needs no quoting.
  return sql` || jsonb_build_object('mailtemplate_ids', (coalesce(${base}->'mailtemplate_ids', '{}'::jsonb) || ${JSON.stringify(set)}::jsonb) - ${`{${cleared.join(',')}}`}::text[])`;
}

async function calculationChange(tx: Tx, input: FlowProfileInput) {
  if (input.standard_calculation_id === undefined) return null;
  if (input.standard_calculation_id !== null) {
    const found = await tx.execute(
      sql`select 1 from calculation where id = ${input.standard_calculation_id} and is_template`,
    );
    if (found.rows.length === 0)
      throw validationError(NO_SUCH_TEMPLATE, { standard_calculation_id: [NO_SUCH_TEMPLATE] });
  }
  return sql` || jsonb_build_object('standard_calculation_id', ${input.standard_calculation_id}::int)`;
}

export function listFlowProfiles(tx: Tx) {
  return tx
    .select(flowProfileColumns)
    .from(flowProfile)
    .where(live)
    .orderBy(asc(flowProfile.name), asc(flowProfile.id));
}

export async function createFlowProfile(tx: Tx, input: FlowProfileInput) {
  const [row] = await tx
    .insert(flowProfile)
    .values({ name: input.name, ...(await settingsChange(tx, input, true)) })
    .returning(flowProfileColumns);
  await writeLog(tx, {
    type: 'flowprofile',
    id: row!.id,
    action: 'create',
    description: `Aanvraagprofiel ${row!.name} aangemaakt`,
  });
  return row!;
}

export async function updateFlowProfile(tx: Tx, id: number, input: FlowProfileInput) {
  const [before] = await tx
    .select(flowProfileColumns)
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), live));
  if (!before) return null;
  const [row] = await tx
    .update(flowProfile)
    .set({ name: input.name, ...(await settingsChange(tx, input, false)), updatedAt: new Date() })
    .where(eq(flowProfile.id, id))
    .returning(flowProfileColumns);
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'update',
    description: `Aanvraagprofiel ${before.name} gewijzigd`,
    changes: { ...input },
  });
  return row!;
}

/** Moves a profile to the trash (flows keep pointing at it); the standard profile cannot go (409). */
export async function deleteFlowProfile(tx: Tx, id: number): Promise<boolean> {
  const [before] = await tx
    .select(flowProfileColumns)
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), live));
  if (!before) return false;
  const [settings] = await tx
    .select({ standard: companySettings.standardFlowprofileId })
    .from(companySettings);
  if (settings?.standard === id) throw conflict(STANDARD_PROFILE_DELETE_BLOCKED);
  await tx.update(flowProfile).set({ deletedAt: new Date() }).where(eq(flowProfile.id, id));
  await writeLog(tx, {
    type: 'flowprofile',
    id,
    action: 'delete',
    description: `Aanvraagprofiel ${before.name} verwijderd`,
  });
  return true;
}
