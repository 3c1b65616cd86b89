// API shapes of relations come from the contract in @im/domain (decision 010); this file only names
// them the way the relation screens use them.
import type { InactiveCriteria, RequestOf, zCreateRelation, zUpdateRelation } from '@im/domain';

export type {
  CurrentFlowSettings as FlowSettings,
  FileInfo,
  FlowRow,
  InactiveRelation,
  Relation,
  RelationDetail,
} from '@im/domain';

export type SaveRelationRequest = RequestOf<typeof zCreateRelation>;
export type UpdateRelationRequest = RequestOf<typeof zUpdateRelation>;
export type RelationLocationInput = NonNullable<SaveRelationRequest['location']>;
export type BulkCriterion = InactiveCriteria;
