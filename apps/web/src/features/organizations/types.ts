// API shapes of organizations come from the contract in @im/domain (decision 010).
import type { RequestOf, zCreateOrganization, zUpdateOrganization } from '@im/domain';

export type { Organization, OrganizationDetail } from '@im/domain';

export type SaveOrganizationRequest = RequestOf<typeof zCreateOrganization>;
export type UpdateOrganizationRequest = RequestOf<typeof zUpdateOrganization>;
