// How a partner project's calculation methods, invoice method and progress threshold are applied when its
// flows are combined into one quotation or invoice on the main flow (spec 001 sections 3 and 9; decision 066).
// Written once here, used by the server (the combine action) and the web (the cockpit shows the progress).
import { Decimal, formatEuro } from './money';

/** A flow counts as finished when its work is done: it is in invoice, aftercare or completed. */
export const FINISHED_FLOW_STATUSES = ['invoice', 'aftercare', 'completed'] as const;

export function isFinishedFlowStatus(status: string): boolean {
  return (FINISHED_FLOW_STATUSES as readonly string[]).includes(status);
}

/** What the progress threshold counts over the project's flows (the main flow and cancelled ones excluded). */
export interface ProjectProgressCounts {
  flows: number;
  finishedFlows: number;
  tasks: number;
  finishedTasks: number;
  /** Amount excl. VAT the finished, not yet invoiced flows would bring into an invoice (a decimal string). */
  invoiceable: string;
  /** Amount excl. VAT of all the project's flows (quoted, else their dossier calculation). */
  total: string;
}

export interface ProjectProgress {
  method: string;
  /** The threshold as set on the project. */
  required: number;
  /** Where the project stands in the same unit (count, percentage or euros). */
  current: number;
  reached: boolean;
  /** Dutch, e.g. '12 van 40 dossiers afgerond (drempel 20)'. */
  text: string;
}

const pct = (part: number | Decimal, whole: number | Decimal): number => {
  const w = new Decimal(whole);
  if (w.isZero()) return 0;
  return new Decimal(part).times(100).dividedBy(w).toDecimalPlaces(1, Decimal.ROUND_DOWN).toNumber();
};

const nl = (n: number) => n.toLocaleString('nl-NL');

/**
 * Where the project stands against its progress threshold. No method: null (nothing to wait for).
 * The threshold is reached when the current value is at least the required one.
 */
export function projectProgress(
  method: string | null,
  amount: number | null,
  c: ProjectProgressCounts,
): ProjectProgress | null {
  if (!method) return null;
  const required = amount ?? 0;
  let current: number;
  let text: string;
  switch (method) {
    case 'amount_finished_flows':
      current = c.finishedFlows;
      text = `${nl(c.finishedFlows)} van ${nl(c.flows)} dossiers afgerond (drempel ${nl(required)})`;
      break;
    case 'percentage_finished_flows':
      current = pct(c.finishedFlows, c.flows);
      text = `${nl(current)}% van de dossiers afgerond (drempel ${nl(required)}%)`;
      break;
    case 'amount_finished_tasks':
      current = c.finishedTasks;
      text = `${nl(c.finishedTasks)} van ${nl(c.tasks)} taken afgerond (drempel ${nl(required)})`;
      break;
    case 'percentage_finished_tasks':
      current = pct(c.finishedTasks, c.tasks);
      text = `${nl(current)}% van de taken afgerond (drempel ${nl(required)}%)`;
      break;
    case 'amount_invoice_reached':
      current = new Decimal(c.invoiceable).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
      text = `${formatEuro(c.invoiceable)} te factureren (drempel ${formatEuro(required)})`;
      break;
    case 'percentage_invoice_reached':
      current = pct(new Decimal(c.invoiceable), new Decimal(c.total));
      text = `${nl(current)}% van het projectbedrag te factureren (drempel ${nl(required)}%)`;
      break;
    default:
      return null;
  }
  return { method, required, current, reached: current >= required, text };
}

/** Which flows a combined invoice takes, by the project's invoice method (null: every chosen flow). */
export type InvoiceMethodRule =
  | 'all'
  | 'finished_flows'
  | 'finished_tasks'
  | 'finished_verticals'
  | 'partial';

export function invoiceMethodRule(method: string | null): InvoiceMethodRule {
  switch (method) {
    case 'finished_flows':
    case 'finished_tasks':
    case 'finished_verticals':
      return method;
    case 'partial_fixed':
    case 'partial_percentage':
      return 'partial';
    default:
      return 'all';
  }
}

/** The facts of one flow the invoice method looks at. */
export interface FlowInvoiceFacts {
  flowStatus: string;
  tasks: number;
  finishedTasks: number;
  /** Project forms (uitvoeringsformulieren) on the flow, and how many of them are sent (finished). */
  projectForms: number;
  finishedProjectForms: number;
  /** The flow is already in a live combined invoice of this project. */
  alreadyInvoiced: boolean;
}

export const PARTNER_PROJECT_INVOICE_TEXTS = {
  notFinished: 'Dossier is nog niet afgerond.',
  tasksOpen: 'Niet alle taken van het dossier zijn afgerond.',
  noTasks: 'Dossier heeft geen taken.',
  formsOpen: 'Niet alle uitvoeringsformulieren van het dossier zijn afgerond.',
  noForms: 'Dossier heeft geen uitvoeringsformulieren.',
  alreadyInvoiced: 'Dossier is al gefactureerd in een projectfactuur.',
  thresholdNotReached: 'De voortgangsdrempel van het project is nog niet bereikt',
  partialAmountRequired: 'Vul het termijnbedrag per dossier in.',
  partialPercentageRequired: 'Vul een percentage tussen 0 en 100 in.',
  invoiceModuleMissing: 'Voor een factuur is de module Facturatie nodig.',
  quotationModuleMissing: 'Voor een offerte is de module Offertes nodig.',
} as const;

/**
 * Whether a flow may go into a combined invoice under the invoice method; a refusal names the Dutch reason
 * (the batch counts it as skipped). Partial methods take every flow: a term can be invoiced again.
 */
export function flowInvoiceRefusal(method: string | null, f: FlowInvoiceFacts): string | null {
  const rule = invoiceMethodRule(method);
  const T = PARTNER_PROJECT_INVOICE_TEXTS;
  if (rule === 'all' || rule === 'partial') return null;
  if (f.alreadyInvoiced) return T.alreadyInvoiced;
  if (rule === 'finished_flows') return isFinishedFlowStatus(f.flowStatus) ? null : T.notFinished;
  if (rule === 'finished_tasks') {
    if (f.tasks === 0) return T.noTasks;
    return f.finishedTasks === f.tasks ? null : T.tasksOpen;
  }
  if (f.projectForms === 0) return T.noForms;
  return f.finishedProjectForms === f.projectForms ? null : T.formsOpen;
}

/** How the combined document groups the lines it takes (the project's quotation or invoice calc method). */
export type CombineGrouping = 'flow' | 'none' | 'type' | 'vertical' | 'type_vertical';

export function combineGrouping(calcMethod: string | null): CombineGrouping {
  switch (calcMethod) {
    case 'per_item_no_group':
      return 'none';
    case 'per_item_group_type':
    case 'per_flowtype_no_group':
      return 'type';
    case 'per_item_group_vertical':
    case 'per_vertical_no_group':
      return 'vertical';
    case 'per_item_group_vertical_and_type':
    case 'per_vertical_group_type':
    case 'per_flowtype_group_vertical':
    case 'per_flowtype_and_vertical':
      return 'type_vertical';
    default:
      return 'flow';
  }
}

/** The header a group of lines goes under; null: no header (the lines stand on their own). */
export function combineHeader(
  grouping: CombineGrouping,
  flow: { number: number; description: string; type: string },
  verticalName: string | null,
): string | null {
  const type = flow.type ? `Type ${flow.type}` : 'Zonder type';
  const vertical = verticalName ?? 'Overige regels';
  switch (grouping) {
    case 'none':
      return null;
    case 'type':
      return type;
    case 'vertical':
      return vertical;
    case 'type_vertical':
      return `${type} · ${vertical}`;
    default:
      return `Dossier ${flow.number}${flow.description ? ` – ${flow.description}` : ''}`.slice(0, 255);
  }
}

/** The fraction a partial-percentage term takes of each line's quantity (0 < p <= 100). */
export function partialFraction(percentage: number): Decimal {
  return new Decimal(percentage).dividedBy(100);
}
