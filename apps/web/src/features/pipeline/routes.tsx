import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const PipelineScreen = lazy(() =>
  import('./screens/pipeline.screen').then((m) => ({ default: m.PipelineScreen })),
);

export const pipelineScreens: ScreenEntry[] = [{ path: '/pipeline', Screen: PipelineScreen }];
