import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const ActionOverviewScreen = lazy(() =>
  import('./screens/action-overview.screen').then((m) => ({ default: m.ActionOverviewScreen })),
);
const CalendarScreen = lazy(() =>
  import('./screens/calendar.screen').then((m) => ({ default: m.CalendarScreen })),
);
const AgendaItemDetailScreen = lazy(() =>
  import('./screens/agendaitem-detail.screen').then((m) => ({ default: m.AgendaItemDetailScreen })),
);
const NoteDetailScreen = lazy(() =>
  import('./screens/note-detail.screen').then((m) => ({ default: m.NoteDetailScreen })),
);
const LogItemOverviewScreen = lazy(() =>
  import('./screens/logitem-overview.screen').then((m) => ({ default: m.LogItemOverviewScreen })),
);

const TaskOverviewScreen = lazy(() =>
  import('./screens/task-overview.screen').then((m) => ({ default: m.TaskOverviewScreen })),
);

export const planningScreens: ScreenEntry[] = [
  { path: '/action_overview', Screen: ActionOverviewScreen },
  { path: '/task_overview', Screen: TaskOverviewScreen },
  { path: '/calendar', Screen: CalendarScreen },
  { path: '/agendaitem_detail/:agendaitemId', Screen: AgendaItemDetailScreen },
  { path: '/note_detail/:noteId', Screen: NoteDetailScreen },
  { path: '/logitem_overview', Screen: LogItemOverviewScreen },
];
