import { amsterdamDay, daysOverdue, formatEuro } from '@im/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { documentLabel, logDocument } from '../documents';

const BATCH = 200;

/**
 * 'Factuur vervallen' (decision 031): every invoice found past its due date with an amount owed gets
 * one log item with the domain event `invoice.overdue`, once (`overdue_at`), which the workflow trigger
 * of that name reacts to. Found through the partial index invoice_overdue_pending across companies,
 * written per company under its own tenancy. Answers how many were announced.
 */
export async function announceOverdueInvoices(db: Database, now = new Date()): Promise<number> {
  const today = amsterdamDay(now);
  let announced = 0;
  for (;;) {
    const due = await db.platform((tx) =>
      tx.execute<{ id: number; company_id: number }>(sql`
        select id, company_id from invoice
        where owed_day is not null and overdue_at is null and owed_day < ${today}::date
        order by owed_day, id limit ${BATCH}`),
    );
    if (!due.rows.length) return announced;
    const before = announced;
    for (const companyId of new Set(due.rows.map((r) => r.company_id))) {
      const ids = due.rows.filter((r) => r.company_id === companyId).map((r) => r.id);
      announced += await db.tenant({ companyId }, async (tx) => {
        // Claimed with the row lock: two processes never announce the same invoice twice.
        const claimed = await tx
          .update(invoice)
          .set({ overdueAt: now })
          .where(
            and(
              sql`${invoice.id} = any(${`{${ids.join(',')}}`}::int[])`,
              isNull(invoice.overdueAt),
              sql`${invoice.owedDay} < ${today}::date`,
            ),
          )
          .returning({ id: invoice.id, owed: invoice.owed, owedDay: invoice.owedDay });
        for (const c of claimed) {
          const [doc] = await tx.select().from(salesDocument).where(eq(salesDocument.id, c.id));
          if (!doc) continue;
          const late = daysOverdue(String(c.owedDay), today);
          await logDocument(
            tx,
            doc,
            'overdue',
            `${documentLabel(doc)} is vervallen: ${formatEuro(c.owed ?? '0')} staat open, ${late} ${late === 1 ? 'dag' : 'dagen'} te laat`,
            { owed: c.owed, days_overdue: late },
          );
        }
        return claimed.length;
      });
    }
    if (due.rows.length < BATCH || announced === before) return announced;
  }
}
