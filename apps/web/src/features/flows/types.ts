// API shapes of flows come from the contract in @im/domain (decision 010); this file only names them
// the way the flow screens use them.
import type {
  CurrentFlowSettings,
  DisplaynameHit,
  Flow,
  RequestOf,
  zCreateFlowRequest,
  zUpdateFlowRequest,
} from '@im/domain';

export type {
  FileInfo,
  Flow,
  FlowPhase,
  FlowPhaseRef,
  FlowRow,
  Lead,
  LeadDateField,
  SafeDeletionResult,
} from '@im/domain';
export { LEAD_DATE_FIELDS } from '@im/domain';

export type FlowRelation = Flow['relation'];
export type FlowSettings = CurrentFlowSettings;
export type SettingsUser = CurrentFlowSettings['users'][number];
export type MergeTarget = DisplaynameHit;
export type CreateFlowRequest = RequestOf<typeof zCreateFlowRequest>;
export type FlowUpdate = RequestOf<typeof zUpdateFlowRequest>;
