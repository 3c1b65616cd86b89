import { type DocumentKind, NEW_WIDGET_DESCRIPTION, type WidgetTag } from '@im/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import {
  documentWidget,
  documentWidgetType,
  type StoredTag,
} from '../../platform/db/tables/documents.schema';

type WidgetInsert = typeof documentWidget.$inferInsert;

/** Copies every widget of `fromId` onto `toId` (after its own), pictures shared by reference. */
export async function copyWidgets(tx: Tx, fromId: number, toId: number, startOrder = 0): Promise<void> {
  const rows = await tx
    .select()
    .from(documentWidget)
    .where(eq(documentWidget.documentId, fromId))
    .orderBy(asc(documentWidget.order), asc(documentWidget.id));
  if (rows.length === 0) return;
  await tx.insert(documentWidget).values(
    rows.map(({ id: _id, companyId: _c, createdAt: _cr, updatedAt: _u, documentId: _d, ...rest }, i) => ({
      ...rest,
      documentId: toId,
      order: startOrder + i + 1,
    })),
  );
}

interface DefaultWidget {
  tag: WidgetTag;
  description: string;
  textcontent?: string;
}

// The letters speak to the customer: they name the document's title, never the flow's internal
// description, and a confirmation confirms the order without an offer's validity (decision 037).
const INTRO: Record<DocumentKind, string> = {
  quotation:
    '<p>Beste {{ relatie.naam }},</p><p>Hartelijk dank voor uw aanvraag. Hieronder vindt u onze offerte voor {{ document.titel }}.</p>',
  confirmation:
    '<p>Beste {{ relatie.naam }},</p><p>Hierbij bevestigen wij uw opdracht voor {{ document.titel }}, zoals hieronder beschreven.</p>',
  document: '<p>Beste {{ relatie.naam }},</p>',
  invoice: '<p>Beste {{ relatie.naam }},</p><p>Hierbij ontvangt u de factuur voor {{ document.titel }}.</p>',
};
const CLOSING: Record<DocumentKind, string> = {
  quotation:
    '<p>Deze offerte is 30 dagen geldig. U kunt de offerte online ondertekenen via de link in de e-mail.</p><p>Met vriendelijke groet,<br>{{ behandelaar.naam }}<br>{{ bedrijf.naam }}</p>',
  confirmation:
    '<p>Wij plannen de werkzaamheden in zodra u de opdrachtbevestiging heeft ondertekend.</p><p>Met vriendelijke groet,<br>{{ behandelaar.naam }}<br>{{ bedrijf.naam }}</p>',
  document: '<p>Met vriendelijke groet,<br>{{ behandelaar.naam }}<br>{{ bedrijf.naam }}</p>',
  invoice:
    '<p>Wij verzoeken u het bedrag binnen de betaaltermijn over te maken onder vermelding van het factuurnummer.</p><p>Met vriendelijke groet,<br>{{ behandelaar.naam }}<br>{{ bedrijf.naam }}</p>',
};

/** What a document without a template starts with (the renderer shows its title): a letter, the lines and a closing. */
function defaultWidgets(kind: DocumentKind): DefaultWidget[] {
  const withLines: DefaultWidget[] =
    kind === 'document' ? [] : [{ tag: 'CALCULATIONITEMS', description: 'Calculatieregels' }];
  return [
    { tag: 'TEXT', description: 'Aanhef', textcontent: INTRO[kind] },
    ...withLines,
    { tag: 'TEXT', description: 'Afsluiting', textcontent: CLOSING[kind] },
    {
      tag: 'PDFFOOTER',
      description: 'Voettekst',
      textcontent: '<p>{{ bedrijf.naam }}</p>',
    },
  ];
}

export async function insertDefaultWidgets(tx: Tx, documentId: number, kind: DocumentKind): Promise<void> {
  const wanted = defaultWidgets(kind);
  const types = await tx
    .select({ id: documentWidgetType.id, tag: documentWidgetType.tag })
    .from(documentWidgetType)
    .where(
      inArray(
        documentWidgetType.tag,
        wanted.map((w) => w.tag),
      ),
    );
  const byTag = new Map(types.map((t) => [t.tag, t.id]));
  const values: WidgetInsert[] = [];
  for (const w of wanted) {
    const typeId = byTag.get(w.tag);
    if (typeId === undefined) continue;
    values.push({
      documentId,
      documentWidgetTypeId: typeId,
      order: values.length + 1,
      description: w.description || NEW_WIDGET_DESCRIPTION,
      textcontent: w.textcontent ?? '',
      columns: [] as StoredTag[],
      rows: [] as StoredTag[],
    });
  }
  if (values.length) await tx.insert(documentWidget).values(values);
}
