import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const FlowBulkImportScreen = lazy(() =>
  import('./screens/flow-bulkimport.screen').then((m) => ({ default: m.FlowBulkImportScreen })),
);

export const flowImportsScreens: ScreenEntry[] = [{ path: '/flow_bulkimport', Screen: FlowBulkImportScreen }];
