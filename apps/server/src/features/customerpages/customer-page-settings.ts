import type { CustomerPageSettings, DocumentKind } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';

export async function getCustomerPageSettings(tx: Tx): Promise<CustomerPageSettings> {
  const [s] = await tx
    .select({
      signature: companySettings.confirmationApprovalSignature,
      expiry: companySettings.customerLinkExpiry,
    })
    .from(companySettings)
    .where(eq(companySettings.companyId, currentCompanyIdSql));
  return {
    confirmation_approval_signature: s?.signature ?? false,
    customer_link_expiry: (s?.expiry ?? []) as DocumentKind[],
  };
}

export async function updateCustomerPageSettings(
  tx: Tx,
  input: { confirmation_approval_signature?: boolean; customer_link_expiry?: DocumentKind[] },
): Promise<CustomerPageSettings> {
  const set: Partial<typeof companySettings.$inferInsert> = {};
  if (input.confirmation_approval_signature !== undefined)
    set.confirmationApprovalSignature = input.confirmation_approval_signature;
  if (input.customer_link_expiry !== undefined) set.customerLinkExpiry = input.customer_link_expiry;
  if (Object.keys(set).length) {
    const [current] = await tx
      .select({ id: companySettings.id })
      .from(companySettings)
      .where(eq(companySettings.companyId, currentCompanyIdSql));
    if (current) await tx.update(companySettings).set(set).where(eq(companySettings.id, current.id));
    else await tx.insert(companySettings).values(set);
  }
  return getCustomerPageSettings(tx);
}
