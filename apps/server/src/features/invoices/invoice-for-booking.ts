// A sent invoice as an accounting package books it (decision 065): its number, dates, frozen amounts per VAT
// rate, the calculation's discount and the customer (the organization with its own address, else the person,
// as on the e-invoice). Read-only; the integrations feature turns it into a sales entry.
import { type BilledAmounts, countryCode } from '@im/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculation } from '../../platform/db/tables/calculations.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { findDocument } from '../documents';
import { billedOf, invoiceRow } from './invoice-info';

export interface InvoiceForBooking {
  id: number;
  number: number;
  title: string;
  date: string;
  dueDate: string;
  credit: boolean;
  reverseCharge: boolean;
  /** Whether it bills a whole calculation (not a part of a project or its credit). */
  whole: boolean;
  /** Signed as billed: negative on a credit invoice. */
  billed: BilledAmounts;
  /** The calculation's discount excl. VAT (positive), for a whole invoice; else 0. */
  discountExc: number;
  customer: {
    code: string;
    name: string;
    email: string;
    kvk: string;
    vatNumber: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
  };
}

/** null when the invoice is not sent (no number) or has no customer. */
export async function invoiceForBooking(tx: Tx, id: number): Promise<InvoiceForBooking | null> {
  const doc = await findDocument(tx, 'invoice', id);
  if (doc.number === null || doc.dateSend === null || doc.relationId === null) return null;
  const row = await invoiceRow(tx, id);
  const { billed } = await billedOf(tx, doc, row);
  const [rel] = await tx
    .select({ r: relation, org: organization })
    .from(relation)
    .leftJoin(organization, eq(organization.id, relation.organizationId))
    .where(eq(relation.id, doc.relationId));
  if (!rel) return null;
  const org = rel.org && rel.org.deletedAt === null ? rel.org : null;
  const [f] =
    doc.flowId !== null
      ? await tx.select({ locationId: flow.locationId }).from(flow).where(eq(flow.id, doc.flowId))
      : [];
  const [loc] = await tx
    .select()
    .from(location)
    .where(org ? eq(location.organizationId, org.id) : eq(location.relationId, doc.relationId))
    .orderBy(sql`${location.id} = ${f?.locationId ?? 0} desc`, desc(location.isMain), asc(location.id))
    .limit(1);
  const whole = row.partialinvoicetype === null && row.invoiceType !== 'credit';
  const [calc] =
    whole && doc.calculationId !== null
      ? await tx
          .select({ discount: calculation.amountDiscountExc })
          .from(calculation)
          .where(eq(calculation.id, doc.calculationId))
      : [];
  const day = (v: unknown) => String(v ?? '').slice(0, 10);
  const sent = doc.dateSend.toISOString().slice(0, 10);
  return {
    id,
    number: doc.number,
    title: doc.title,
    date: day(doc.documentdate) || sent,
    dueDate: day(doc.enddate) || day(doc.documentdate) || sent,
    credit: row.invoiceType === 'credit',
    reverseCharge: row.reverseCharge,
    whole,
    billed,
    discountExc: calc ? Number(calc.discount) : 0,
    customer: {
      code: org ? `O${org.id}` : `R${rel.r.id}`,
      name: org?.name || rel.r.fullname || 'Klant',
      email: rel.r.email || org?.email || '',
      kvk: org?.cocNumber.trim() ?? '',
      vatNumber: org?.vatNumber.trim() ?? '',
      street: [loc?.address, loc?.number, loc?.numberAddition].filter(Boolean).join(' '),
      postcode: loc?.postcode ?? '',
      city: loc?.city ?? '',
      country: countryCode(loc?.country ?? org?.country ?? rel.r.country) ?? 'NL',
    },
  };
}
