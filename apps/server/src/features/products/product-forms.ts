// A product's links to a form (spec 002 section 3; decision 023): `vertical_id` is a live form of the
// company, `alternativeamount_id` and the three toggle fields are fields of that form that may be
// chosen in products. Only a link that changes is checked, so a product whose form was archived later
// (or whose field was made unselectable) still saves its other changes.
import { FORM_MESSAGES, type ProductFields } from '@im/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { vertical, verticalDataField } from '../../platform/db/tables/forms.schema';
import { type FieldErrors, validationError } from '../../platform/errors';

export const PRODUCT_FORM_MESSAGES = {
  fieldNotOfForm: 'Dit veld hoort niet bij het formulier van dit product.',
  fieldNotSelectable: 'Dit veld is niet te kiezen in producten.',
  formRequired: 'Kies eerst een formulier.',
} as const;

export const FORM_FIELD_KEYS = [
  'alternativeamount_id',
  'togglefield_id',
  'toggle2field_id',
  'toggle3field_id',
] as const;
type FieldKey = (typeof FORM_FIELD_KEYS)[number];

export type FormLinks = { vertical_id: number | null } & Record<FieldKey, number | null>;

/** Spec 002 section 5: alternative amount 0 means 'tier only over actual amount', saved as none. */
export function noneIfZero(id: ProductFields['alternativeamount_id']): number | null | undefined {
  if (id === undefined) return undefined;
  return id === null || Number(id) === 0 ? null : Number(id);
}

/** The company's only live form, when it has exactly one. */
async function singleLiveForm(tx: Tx): Promise<number | null> {
  const live = await tx
    .select({ id: vertical.id })
    .from(vertical)
    .where(eq(vertical.archived, false))
    .limit(2);
  return live.length === 1 ? live[0]!.id : null;
}

/**
 * The form links a create (`before` null) or update sets, checked (422, keyed by field, on what is
 * wrong). A create without `vertical_id` gets the company's only live form (spec 002 section 3).
 * A new form leaves the old form's fields behind unless they are given with it. Another company's
 * form or field is not found (row-level security), so it reads as any unknown id.
 */
export async function checkedFormLinks(
  tx: Tx,
  before: FormLinks | null,
  input: Partial<ProductFields>,
): Promise<Partial<FormLinks>> {
  const links: Partial<FormLinks> = {};
  if (input.vertical_id !== undefined) links.vertical_id = input.vertical_id;
  else if (!before) {
    const only = await singleLiveForm(tx);
    if (only !== null) links.vertical_id = only;
  }
  const alternative = noneIfZero(input.alternativeamount_id);
  if (alternative !== undefined) links.alternativeamount_id = alternative;
  for (const key of ['togglefield_id', 'toggle2field_id', 'toggle3field_id'] as const)
    if (input[key] !== undefined) links[key] = input[key];

  const beforeForm = before?.vertical_id ?? null;
  const formId = links.vertical_id !== undefined ? links.vertical_id : beforeForm;
  const formChanged = formId !== beforeForm;
  if (formChanged) {
    for (const key of FORM_FIELD_KEYS) if (links[key] === undefined && before?.[key]) links[key] = null;
  }

  const errors: FieldErrors = {};
  if (formChanged && formId !== null) {
    const [form] = await tx
      .select({ archived: vertical.archived })
      .from(vertical)
      .where(eq(vertical.id, formId));
    if (!form) errors.vertical_id = [FORM_MESSAGES.verticalNotFound];
    else if (form.archived) errors.vertical_id = [FORM_MESSAGES.verticalArchived];
  }
  const changed = FORM_FIELD_KEYS.filter((key) => {
    const id = links[key];
    return id !== undefined && id !== null && (formChanged || id !== (before?.[key] ?? null));
  });
  if (!errors.vertical_id && changed.length > 0) {
    const ids = changed.map((key) => links[key]!);
    const fields =
      formId === null
        ? []
        : await tx
            .select({
              id: verticalDataField.id,
              verticalId: verticalDataField.verticalId,
              selectable: verticalDataField.selectableInProducts,
            })
            .from(verticalDataField)
            .where(inArray(verticalDataField.id, ids));
    for (const key of changed) {
      const field = fields.find((f) => f.id === links[key]);
      if (formId === null) errors[key] = [PRODUCT_FORM_MESSAGES.formRequired];
      else if (!field || field.verticalId !== formId) errors[key] = [PRODUCT_FORM_MESSAGES.fieldNotOfForm];
      else if (!field.selectable) errors[key] = [PRODUCT_FORM_MESSAGES.fieldNotSelectable];
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw validationError(first, errors);
  return links;
}
