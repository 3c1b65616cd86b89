export { RelationStatusBar } from './components/relation-status-bar';
export { CreateRelationModal } from './modals/create-relation.modal';
export { RELATION_TABLE_PATH } from './queries';
export { relationsScreens } from './routes';
export type { FileInfo, FlowRow, Relation, RelationDetail } from './types';
