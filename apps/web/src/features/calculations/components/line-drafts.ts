import {
  type CalculationItem,
  type EngineItem,
  toEngineItem,
  zPercentage,
  zProductAmount,
  zSignedRate,
} from '@im/domain';
import type { z } from 'zod';

/** The fields a line edits in place; each keeps the typed text until the server has it. */
export type DraftField =
  | 'item_name'
  | 'product_amount'
  | 'rate'
  | 'discount_percentage'
  | 'matrix_x'
  | 'matrix_y';
export type LineDraft = Partial<Record<DraftField, string>>;
export type Drafts = Record<number, LineDraft>;

export const DRAFT_SCHEMAS: Record<Exclude<DraftField, 'item_name'>, z.ZodType<string, unknown>> = {
  product_amount: zProductAmount,
  rate: zSignedRate,
  discount_percentage: zPercentage,
  matrix_x: zProductAmount,
  matrix_y: zProductAmount,
};

/** The side a line is priced on: a manual inc rate, a manual exc rate, else its product's base. */
export function lineBase(
  item: Pick<CalculationItem, 'unit_rate_inc_manual' | 'unit_rate_exc_manual' | 'pricing'>,
) {
  if (item.unit_rate_inc_manual !== null) return 'inc' as const;
  if (item.unit_rate_exc_manual !== null) return 'exc' as const;
  return item.pricing?.calc_base ?? 'exc';
}

/** A draft's value when it parses by the server's own rule; undefined while it does not. */
export function parsedDraft(
  field: Exclude<DraftField, 'item_name'>,
  text: string | undefined,
): string | undefined {
  if (text === undefined) return undefined;
  const result = DRAFT_SCHEMAS[field].safeParse(text);
  return result.success ? result.data : undefined;
}

/** The engine input of a line with the valid parts of its draft applied (totals follow each keystroke). */
export function draftedEngineItem(item: CalculationItem, draft: LineDraft | undefined): EngineItem {
  const engine = toEngineItem(item);
  if (!draft) return engine;
  const amount = parsedDraft('product_amount', draft.product_amount);
  const rate = parsedDraft('rate', draft.rate);
  const discount = parsedDraft('discount_percentage', draft.discount_percentage);
  const width = parsedDraft('matrix_x', draft.matrix_x);
  const height = parsedDraft('matrix_y', draft.matrix_y);
  const base = lineBase(item);
  return {
    ...engine,
    product_amount: amount ?? engine.product_amount,
    discount_percentage: discount ?? engine.discount_percentage,
    matrix_x: width ?? engine.matrix_x,
    matrix_y: height ?? engine.matrix_y,
    ...(rate === undefined
      ? {}
      : base === 'exc'
        ? { unit_rate_exc_manual: rate, unit_rate_inc_manual: null }
        : { unit_rate_inc_manual: rate, unit_rate_exc_manual: null }),
  };
}

/** The request that saves one draft field. */
export function draftRequest(item: CalculationItem, field: DraftField, text: string) {
  if (field === 'item_name') return { item_name: text };
  const value = parsedDraft(field, text);
  if (value === undefined) return null;
  if (field === 'rate') return { [`unit_rate_${lineBase(item)}_manual`]: value };
  return { [field]: value };
}

/** Drafts as the autosave keeps them: `{itemId}:{field}` per line field, and the overall discount. */
export const DISCOUNT_DRAFT = 'discount';
export const draftKey = (itemId: number, field: DraftField) => `${itemId}:${field}`;

export function draftsFromSaved(saved: Record<string, string> | null): {
  drafts: Drafts;
  discount: string | null;
} {
  const drafts: Drafts = {};
  let discount: string | null = null;
  for (const [key, text] of Object.entries(saved ?? {})) {
    if (key === DISCOUNT_DRAFT) {
      discount = text;
      continue;
    }
    const [id, field] = key.split(':');
    if (field) drafts[Number(id)] = { ...drafts[Number(id)], [field as DraftField]: text };
  }
  return { drafts, discount };
}

/** Whether a draft can be sent: a name always, a number once it parses by the server's rule. */
export function isSendable(field: DraftField, text: string): boolean {
  return field === 'item_name' || parsedDraft(field, text) !== undefined;
}

/** The requests for kept drafts: one per line (a line deleted meanwhile is skipped) and the discount. */
export function draftRequests(
  items: CalculationItem[],
  saved: Record<string, string>,
): { items: Map<number, Record<string, string>>; discount: string | undefined } {
  const requests = new Map<number, Record<string, string>>();
  for (const [key, text] of Object.entries(saved)) {
    const [id, field] = key.split(':');
    const item = items.find((i) => i.id === Number(id));
    if (!field || !item) continue;
    const request = draftRequest(item, field as DraftField, text);
    if (request) requests.set(item.id, { ...requests.get(item.id), ...request });
  }
  const discount =
    saved[DISCOUNT_DRAFT] === undefined
      ? undefined
      : parsedDraft('discount_percentage', saved[DISCOUNT_DRAFT]);
  return { items: requests, discount };
}
