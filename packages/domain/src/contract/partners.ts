// The API contract of partners and what partner users read: schemas written once for server and web.
import { z } from 'zod';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zPassword } from '../password';
import { zId } from './common';

/** Spec 001 section 9 and decision 056: the Dutch messages of partners. */
export const PARTNER_TEXTS = {
  nameRequired: 'Vul een naam in.',
  invalidDate: 'Vul een geldige datum in.',
  endBeforeStart: 'De einddatum ligt voor de begindatum.',
  notFound: 'Partner niet gevonden.',
  flowprofileNotFound: 'Aanvraagprofiel niet gevonden.',
  deleted: 'Partner en zijn gebruikers verwijderd.',
  userRemoved: 'Partnergebruiker verwijderd.',
  emailTaken: 'Dit e-mailadres is al in gebruik.',
  onlyPartnerUsers: 'Alleen voor partnergebruikers.',
  /** Spec 001 section 9: a partner list (a select) starts with an entry 'geen' whose id is null. */
  none: 'geen',
} as const;

const zDateOrNull = z.iso.date({ message: PARTNER_TEXTS.invalidDate }).nullable();

function checkDates(v: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', message: PARTNER_TEXTS.endBeforeStart, path: ['end_date'] });
}

export const zPartnerFields = z.object({
  name: z.string({ message: PARTNER_TEXTS.nameRequired }).trim().min(1, PARTNER_TEXTS.nameRequired).max(200),
  start_date: zDateOrNull.optional(),
  end_date: zDateOrNull.optional(),
  /** The request profile (flow profile) of the partner's flows. */
  flowprofile_id: zId.nullable().optional(),
});

export const zCreatePartner = zPartnerFields.superRefine(checkDates);
export const zUpdatePartner = zPartnerFields.partial().superRefine(checkDates);
export type CreatePartner = z.infer<typeof zCreatePartner>;
export type UpdatePartner = z.infer<typeof zUpdatePartner>;

export const zPartnerQuery = zPaginationQuery;

export const zPartner = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  flowprofile_id: z.number().int().nullable(),
  flowprofile_name: z.string().nullable(),
  users_count: z.number().int(),
  flows_count: z.number().int(),
  created_at: z.string(),
});
export type Partner = z.infer<typeof zPartner>;
export const zPartnerPage = zPaginated(zPartner);
export type PartnerPage = z.infer<typeof zPartnerPage>;

export const zPartnerUser = z.object({
  id: z.number().int(),
  name: z.string(),
  nameprefix: z.string(),
  surname: z.string(),
  fullname: z.string(),
  email: z.string(),
});
export type PartnerUser = z.infer<typeof zPartnerUser>;

export const zPartnerDetail = zPartner.extend({ users: z.array(zPartnerUser) });
export type PartnerDetail = z.infer<typeof zPartnerDetail>;

/** A partner user: always user type partner, role 100, the partner dashboard (spec 000 section 3). */
export const zCreatePartnerUser = z.object({
  name: z.string().trim().min(1, 'Vul een voornaam in.').max(100),
  nameprefix: z.string().trim().max(50).optional(),
  surname: z.string().trim().min(1, 'Vul een achternaam in.').max(100),
  email: z.string().trim().email('Vul een geldig e-mailadres in.').max(254),
  password: zPassword,
});
export type CreatePartnerUser = z.infer<typeof zCreatePartnerUser>;

export const zPartnerUserParams = z.object({ id: zId, userId: zId });

/** 'Add flows to partner' (spec 001 section 7 setPartner): every live flow of the relation or organization. */
export const zSetPartner = z.object({ partner_id: zId.nullable() });
export type SetPartner = z.infer<typeof zSetPartner>;
export const zSetPartnerResult = z.object({ message: z.string(), flows: z.number().int() });

/** A flow as a partner (or the partner's page) lists it. */
export const zPartnerFlow = z.object({
  id: z.number().int(),
  number: z.number().int(),
  description: z.string(),
  flow_status: z.string(),
  relation_id: z.number().int(),
  relation_fullname: z.string(),
  address: z.string(),
  created_at: z.string(),
});
export type PartnerFlow = z.infer<typeof zPartnerFlow>;
export const zPartnerFlowPage = zPaginated(zPartnerFlow);
export type PartnerFlowPage = z.infer<typeof zPartnerFlowPage>;

export const zPartnerFlowQuery = zPaginationQuery.extend({
  status: z.string().max(20).optional(),
});

/** A quotation, confirmation or invoice a partner user may open (/document_partner). */
export const zPartnerDocument = z.object({
  id: z.number().int(),
  kind: z.enum(['quotation', 'confirmation', 'invoice']),
  number: z.number().int().nullable(),
  title: z.string(),
  status: z.string(),
  documentdate: z.string().nullable(),
  amount_inc_vat: z.number().nullable(),
  flow_id: z.number().int(),
  flow_number: z.number().int(),
});
export type PartnerDocument = z.infer<typeof zPartnerDocument>;

export const zPartnerTask = z.object({
  id: z.number().int(),
  description: z.string(),
  status: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  flow_id: z.number().int(),
  flow_number: z.number().int(),
});
export type PartnerTask = z.infer<typeof zPartnerTask>;

/** getForPartner: the read-only flow a partner user sees. */
export const zFlowForPartner = zPartnerFlow.extend({
  documents: z.array(zPartnerDocument),
  tasks: z.array(zPartnerTask),
});
export type FlowForPartner = z.infer<typeof zFlowForPartner>;

/** /dashboard_partner: the partner user's flows by status, open quotations and invoices, open tasks. */
export const zPartnerDashboard = z.object({
  partner: z.object({ id: z.number().int(), name: z.string() }),
  flows_by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
  open_quotations: z.array(zPartnerDocument),
  open_invoices: z.array(zPartnerDocument),
  tasks: z.array(zPartnerTask),
});
export type PartnerDashboard = z.infer<typeof zPartnerDashboard>;
