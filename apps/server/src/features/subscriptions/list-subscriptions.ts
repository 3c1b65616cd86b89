import type { Subscription } from '@im/domain';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { subscription, subscriptionType } from '../../platform/db/tables/subscriptions.schema';

/** Subscriptions with their company and type names; RLS limits them to the transaction's scope. */
export async function listSubscriptions(tx: Tx, where?: SQL): Promise<Subscription[]> {
  return tx
    .select({
      id: subscription.id,
      company_id: subscription.companyId,
      company_name: company.name,
      subscription_type_id: subscription.subscriptionTypeId,
      subscription_type_name: subscriptionType.name,
      start_date: subscription.startDate,
      end_date: subscription.endDate,
    })
    .from(subscription)
    .innerJoin(company, eq(company.id, subscription.companyId))
    .innerJoin(subscriptionType, eq(subscriptionType.id, subscription.subscriptionTypeId))
    .where(where)
    .orderBy(asc(company.name), desc(subscription.startDate), asc(subscription.id));
}

export async function findSubscription(tx: Tx, id: number): Promise<Subscription | null> {
  const [row] = await listSubscriptions(tx, eq(subscription.id, id));
  return row ?? null;
}

export function companySubscriptions(tx: Tx, companyId: number): Promise<Subscription[]> {
  return listSubscriptions(tx, eq(subscription.companyId, companyId));
}
