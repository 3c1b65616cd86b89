import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const RelationOverviewScreen = lazy(() =>
  import('./screens/relation-overview.screen').then((m) => ({ default: m.RelationOverviewScreen })),
);
const RelationDetailScreen = lazy(() =>
  import('./screens/relation-detail.screen').then((m) => ({ default: m.RelationDetailScreen })),
);
const RelationTrashcanScreen = lazy(() =>
  import('./screens/relation-trashcan.screen').then((m) => ({ default: m.RelationTrashcanScreen })),
);
const RelationBulkDeleteScreen = lazy(() =>
  import('./screens/relation-bulkdelete.screen').then((m) => ({ default: m.RelationBulkDeleteScreen })),
);
const RelationEmptyTrashScreen = lazy(() =>
  import('./screens/relation-emptytrash.screen').then((m) => ({ default: m.RelationEmptyTrashScreen })),
);

export const relationsScreens: ScreenEntry[] = [
  { path: '/relation_overview', Screen: RelationOverviewScreen },
  { path: '/relation_detail/:relationId', Screen: RelationDetailScreen },
  { path: '/relation_trashcan', Screen: RelationTrashcanScreen },
  { path: '/relation_bulkdelete', Screen: RelationBulkDeleteScreen },
  { path: '/relation_emptytrash', Screen: RelationEmptyTrashScreen },
];
