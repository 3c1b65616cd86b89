import type { CustomerMessage } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { message } from '../../platform/db/tables/messages.schema';
import { user } from '../../platform/db/tables/users.schema';
import { customerTx, flowByHash } from '../../platform/http/customer-link';
import { toIso } from '../../platform/http/dates';
import { readStaffMessagesByCustomer } from './read-staff-messages';

/** The conversation as the customer sees it; staff messages flip from unread to read (spec 002 section 4). */
export async function customerMessages(
  db: Database,
  hash: string,
  preview = false,
): Promise<CustomerMessage[]> {
  const f = await flowByHash(db, hash);
  return customerTx(db, f, async (tx) => {
    if (!preview) await readStaffMessagesByCustomer(tx, f.id);
    const rows = await tx
      .select({ m: message, userName: user.name })
      .from(message)
      .leftJoin(user, eq(user.id, message.userId))
      .where(eq(message.flowId, f.id))
      .orderBy(asc(message.createdAt), asc(message.id));
    return rows.map(({ m, userName }) => ({
      id: m.id,
      content: m.content,
      from: m.sendableType === 'relation' ? ('customer' as const) : ('company' as const),
      // Staff appear to the customer by first name only.
      author_name: m.sendableType === 'relation' ? f.relationName : (userName ?? ''),
      created_at: toIso(m.createdAt),
    }));
  });
}
