import type { FlowStatus } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../../test/test-server';
import { location } from '../../platform/db/tables/locations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { createFlow } from './create-flow';

/** Test data through the use-cases (a relation with a main address, flows on it), in the company's scope. */
export async function createTestRelation(
  t: TestServer,
  companyId: number,
  input: { name?: string; surname?: string; email?: string; city?: string; street?: string } = {},
): Promise<number> {
  return t.server.deps.db.tenant({ companyId }, async (tx) => {
    const [r] = await tx
      .insert(relation)
      .values({ name: input.name ?? 'Jan', surname: input.surname ?? 'Jansen', email: input.email ?? '' })
      .returning({ id: relation.id });
    await tx.insert(location).values({
      relationId: r!.id,
      address: input.street ?? 'Dorpsstraat',
      number: '12',
      postcode: '8011 AB',
      city: input.city ?? 'Zwolle',
      isMain: true,
    });
    return r!.id;
  });
}

export async function createTestFlow(
  t: TestServer,
  companyId: number,
  input: {
    relationId?: number;
    description?: string;
    status?: FlowStatus;
    userId?: number;
    leadSource?: string;
    tags?: string[];
  } = {},
): Promise<{ id: number; number: number; hash: string; relationId: number }> {
  const relationId = input.relationId ?? (await createTestRelation(t, companyId));
  const created = await t.server.deps.db.tenant({ companyId }, (tx) =>
    createFlow(tx, {
      relationId,
      description: input.description ?? 'Zonnepanelen',
      flowStatus: input.status,
      userId: input.userId,
      leadSource: input.leadSource,
      tags: input.tags,
    }),
  );
  return { id: created.id, number: created.number, hash: created.hash, relationId };
}

/** Live flows of a company counted directly, to check the tally against. */
export async function countLiveFlows(t: TestServer, companyId: number, where = sql`true`): Promise<number> {
  const res = await t.server.deps.db.platform((tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from flow where company_id = ${companyId} and deleted_at is null and ${where}`,
    ),
  );
  return res.rows[0]!.n;
}
