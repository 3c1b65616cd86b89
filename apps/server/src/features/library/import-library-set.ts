import {
  LIBRARY_ITEM_DATA,
  LIBRARY_TEXTS,
  type LibraryImportResult,
  type LibraryItemKind,
  libraryImportedMessage,
} from '@im/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { vertical } from '../../platform/db/tables/forms.schema';
import { mailTemplate, messageTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { product } from '../../platform/db/tables/products.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { validationError } from '../../platform/errors';
import { createField, createVertical } from '../forms';
import { saveMailTemplate, saveMessageTemplate } from '../mailtemplates';
import { createProduct } from '../products';
import { itemsOf, librarySetDetail } from './library-sets';

/** Whether the company already has a live record of this kind under this name (import twice: no copies). */
async function exists(tx: Tx, kind: LibraryItemKind, name: string): Promise<boolean> {
  const own = currentCompanyIdSql;
  const lower = name.trim().toLowerCase();
  const query =
    kind === 'product'
      ? tx
          .select({ id: product.id })
          .from(product)
          .where(
            and(
              eq(product.companyId, own),
              isNull(product.deletedAt),
              sql`lower(${product.itemName}) = ${lower}`,
            ),
          )
      : kind === 'form'
        ? tx
            .select({ id: vertical.id })
            .from(vertical)
            .where(
              and(
                eq(vertical.companyId, own),
                eq(vertical.archived, false),
                sql`lower(${vertical.name}) = ${lower}`,
              ),
            )
        : kind === 'mailtemplate'
          ? tx
              .select({ id: mailTemplate.id })
              .from(mailTemplate)
              .where(and(eq(mailTemplate.companyId, own), sql`lower(${mailTemplate.description}) = ${lower}`))
          : tx
              .select({ id: messageTemplate.id })
              .from(messageTemplate)
              .where(
                and(
                  eq(messageTemplate.companyId, own),
                  sql`lower(${messageTemplate.description}) = ${lower}`,
                ),
              );
  return (await query.limit(1)).length > 0;
}

/** Creates one item in the company through its kind's own create call; answers the new id and name. */
async function importItem(
  tx: Tx,
  kind: LibraryItemKind,
  data: unknown,
): Promise<{ id: number; name: string }> {
  if (kind === 'product') {
    // A library product links to no form or tier of the company: those are the company's own.
    const p = LIBRARY_ITEM_DATA.product.parse(data);
    const created = await createProduct(tx, { ...p, vertical_id: null, alternativeamount_id: null });
    return { id: created.id, name: p.item_name };
  }
  if (kind === 'form') {
    const { fields, ...form } = LIBRARY_ITEM_DATA.form.parse(data);
    const id = await createVertical(tx, form);
    for (const field of fields) await createField(tx, { ...field, vertical_id: id });
    return { id, name: form.name };
  }
  if (kind === 'mailtemplate') {
    const m = LIBRARY_ITEM_DATA.mailtemplate.parse(data);
    return { id: (await saveMailTemplate(tx, null, m))!, name: m.description };
  }
  const m = LIBRARY_ITEM_DATA.messagetemplate.parse(data);
  return { id: (await saveMessageTemplate(tx, null, m))!, name: m.description };
}

const nameOf = (kind: LibraryItemKind, data: Record<string, unknown>) =>
  String((kind === 'product' ? data.item_name : kind === 'form' ? data.name : data.description) ?? '');

/**
 * POST libraryset/{id}/import: copies the set's items (or the chosen ones) into the company as its own
 * products, forms and templates, in one transaction. An item the company already has under the same name
 * is skipped, so importing twice makes no copies.
 */
export async function importLibrarySet(
  tx: Tx,
  setId: number,
  itemIds?: number[],
): Promise<LibraryImportResult> {
  await librarySetDetail(tx, setId); // 404 for an unknown set
  const items = await itemsOf(tx, setId);
  if (itemIds) {
    const inSet = new Set(items.map((i) => i.id));
    const stray = itemIds.find((id) => !inSet.has(id));
    if (stray !== undefined)
      throw validationError(LIBRARY_TEXTS.itemNotInSet, { item_ids: [LIBRARY_TEXTS.itemNotInSet] });
  }
  const chosen = itemIds ? items.filter((i) => itemIds.includes(i.id)) : items;
  const created: LibraryImportResult['created'] = [];
  const skipped: LibraryImportResult['skipped'] = [];
  for (const item of chosen) {
    const kind = item.kind as LibraryItemKind;
    const name = nameOf(kind, item.data);
    if (await exists(tx, kind, name)) {
      skipped.push({ kind, name });
      continue;
    }
    created.push({ kind, ...(await importItem(tx, kind, item.data)) });
  }
  return { message: libraryImportedMessage(created.length, skipped.length), created, skipped };
}
