import { z } from 'zod';
import { zSessionData } from '../session';
import { zAssistMail } from './assistmails';
import { zLogin } from './auth';
import { zCalculation, zCalculationItem, zCalculationTotals } from './calculations';
import { zFileInfo } from './common';
import { zBranding, zCompanyDetail, zCompanyRow } from './companies';
import { zCustomerDocument, zCustomerDossier } from './customer';
import { zDashboard } from './dashboard';
import { zDocumentRow, zDocumentType, zDocumentWidget, zSalesDocument } from './documents';
import { zFlowRow } from './flow-rows';
import { zFlowPhase } from './flowphases';
import { zFlowProfile } from './flowprofiles';
import { zFlow, zLead } from './flows';
import { zFlowDataItem, zIntake, zPicture, zProject, zVertical, zVerticalDataField } from './forms';
import { zIncident } from './incidents';
import { zCustomerInvoice, zInvoicePayment } from './invoices';
import { zLocation } from './locations';
import { zMailTemplate, zMessageTemplate } from './mail';
import { zFlowMessage, zNotification } from './messages';
import { zOrganization, zOrganizationDetail } from './organizations';
import { zPartner, zPartnerDetail } from './partners';
import { zAction, zAgendaItem, zNote } from './planning';
import { zProduct, zProductRow } from './products';
import { zRelation, zRelationDetail } from './relations';
import { zSubscription } from './subscriptions';
import { zTask } from './tasks';
import { zUser } from './users';
import { zWebhookConnection } from './webhooks';
import { zWebsite } from './websites';
import { zEventTriggerRule } from './workflow';

export type ApiSchemaName = {
  /** The component name in the OpenAPI description (`#/components/schemas/<id>`; inputs get `Input`). */
  id: string;
  description?: string;
  [key: string]: unknown;
};

/**
 * The names under which the API description lists its main shapes (decision 011/042), so that a
 * generated client has a `Relation`, a `Flow`, an `Invoice`... instead of an anonymous object per
 * call. A registry of its own: naming a schema here changes nothing in how it validates.
 */
export const apiSchemaNames = z.registry<ApiSchemaName>();

const NAMES: [z.ZodType, string, string?][] = [
  // entities as the API answers them
  [zRelation, 'Relation', 'Een relatie (particuliere klant of contactpersoon).'],
  [zRelationDetail, 'RelationDetail', 'Een relatie met haar adressen, organisaties en dossiers.'],
  [zOrganization, 'Organization', 'Een organisatie (zakelijke klant).'],
  [zOrganizationDetail, 'OrganizationDetail'],
  [zPartner, 'Partner', 'Een partner (opdrachtgever) van het bedrijf.'],
  [zPartnerDetail, 'PartnerDetail'],
  [zLocation, 'Location', 'Een adres van een relatie of organisatie.'],
  [zFlow, 'Flow', 'Een dossier (flow) van aanvraag tot afronding.'],
  [zFlowRow, 'FlowRow', 'Een dossier als regel in een lijst.'],
  [zLead, 'Lead'],
  [zFlowPhase, 'FlowPhase'],
  [zFlowProfile, 'FlowProfile'],
  [zSalesDocument, 'SalesDocument', 'Offerte, opdrachtbevestiging, document of factuur (veld kind).'],
  [zDocumentRow, 'SalesDocumentRow'],
  [zDocumentType, 'DocumentType'],
  [zDocumentWidget, 'DocumentWidget'],
  [zCustomerDocument, 'CustomerDocument', 'Een document zoals de klant het via zijn link ziet.'],
  [zCustomerDossier, 'CustomerDossier'],
  [zCustomerInvoice, 'CustomerInvoice', 'Een factuur zoals de klant haar via zijn link ziet.'],
  [zInvoicePayment, 'InvoicePayment'],
  [zCalculation, 'Calculation', 'Een calculatie met haar regels en totalen (bedragen als decimale tekst).'],
  [zCalculationItem, 'CalculationItem'],
  [zCalculationTotals, 'CalculationTotals'],
  [zProduct, 'Product'],
  [zProductRow, 'ProductRow'],
  [zTask, 'Task'],
  [zNote, 'Note'],
  [zAction, 'Action'],
  [zAgendaItem, 'AgendaItem'],
  [zIncident, 'Incident'],
  [zVertical, 'Vertical', 'Een formulier (intake of project).'],
  [zVerticalDataField, 'VerticalDataField'],
  [zFlowDataItem, 'FlowDataItem'],
  [zIntake, 'Intake'],
  [zProject, 'Project'],
  [zPicture, 'Picture'],
  [zFileInfo, 'FileInfo', 'Een opgeslagen bestand.'],
  [zMailTemplate, 'MailTemplate'],
  [zMessageTemplate, 'MessageTemplate'],
  [zFlowMessage, 'FlowMessage'],
  [zNotification, 'Notification'],
  [zAssistMail, 'AssistMail'],
  [zUser, 'User'],
  [zSessionData, 'Session', 'De ingelogde gebruiker met bedrijf, rol en modules.'],
  [zLogin, 'Login'],
  [zCompanyDetail, 'Company'],
  [zCompanyRow, 'CompanyRow'],
  [zBranding, 'Branding'],
  [zSubscription, 'Subscription'],
  [zWebsite, 'Website'],
  [zWebhookConnection, 'WebhookConnection'],
  [zEventTriggerRule, 'EventTriggerRule'],
  [zDashboard, 'Dashboard'],
];
for (const [schema, id, description] of NAMES)
  apiSchemaNames.add(schema, description ? { id, description } : { id });
