import { normalizePostcode, type zDoubleCheck } from '@im/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { location } from '../../platform/db/tables/locations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { loadRelations } from '../flows';

const MAX_DOUBLES = 20;

/**
 * Live relations that may be the same person: the same e-mail address, or the same surname at the
 * same postcode and house number. E-mail addresses are stored in lower case, so both look-ups are
 * plain equality on indexed columns.
 */
export async function checkForDoubleRelations(tx: Tx, input: z.infer<typeof zDoubleCheck>) {
  const email = input.email?.toLowerCase();
  const postcode = input.postcode ? normalizePostcode(input.postcode, '') : '';
  const bySurnameAndAddress =
    input.surname && postcode && input.number
      ? sql`${relation.id} in (select ${location.relationId} from ${location}
          where ${location.companyId} = ${currentCompanyIdSql} and ${location.postcode} = ${postcode}
            and ${location.number} = ${input.number} and ${location.relationId} is not null)
          and lower(${relation.surname}) = ${input.surname.toLowerCase()}`
      : undefined;
  const byEmail = email ? eq(relation.email, email) : undefined;
  if (!bySurnameAndAddress && !byEmail) return [];
  const rows = await tx
    .select({ id: relation.id })
    .from(relation)
    .where(
      and(
        eq(relation.companyId, currentCompanyIdSql),
        isNull(relation.deletedAt),
        or(byEmail, bySurnameAndAddress),
      ),
    )
    .orderBy(relation.id)
    .limit(MAX_DOUBLES);
  return loadRelations(
    tx,
    rows.map((r) => r.id),
  );
}
