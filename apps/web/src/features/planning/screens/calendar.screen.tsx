import {
  AGENDA_ITEM_KIND_COLORS,
  AGENDA_ITEM_KIND_LABELS,
  AGENDA_ITEM_KINDS,
  type AgendaItem,
  type CalendarView,
  type ExternalEvent,
  externalEventsRange,
  readableTextColor,
  TASK_TYPE_COLORS,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskCalendarItem,
} from '@im/domain';
import { Box, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import {
  addDays,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Calendar, dateFnsLocalizer, type Messages, type View } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import * as dragAndDropAddon from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { useExternalEvents } from '../../integrations';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { useUserOptions } from '../components/user-options';
import { AgendaItemModal } from '../modals/agenda-item.modal';
import { TaskModal } from '../modals/task.modal';
import { useAgendaRange, useSaveAgendaItem, useSaveTask, useTask, useTaskCalendar } from '../queries';
import './calendar.css';

/** An appointment or a planned task (tasks show in the agenda in their type's colour). */
type CalendarEvent = {
  id: number;
  title: string;
  start: Date;
  end: Date;
  color: string;
} & (
  | { kind: 'appointment'; item: AgendaItem }
  | { kind: 'task'; task: TaskCalendarItem }
  | { kind: 'google'; external: ExternalEvent }
);

/** Events of the user's own Google or Outlook calendar (spec 001: kind google; clicking does nothing). */
export const EXTERNAL_EVENT_COLOR = '#5c5f66';

/** An event's title: an appointment with what it links to, a task with its type and dossier. */
export function taskEventTitle(task: TaskCalendarItem): string {
  const parts = [`${TASK_TYPE_LABELS[task.type]}: ${task.description}`];
  if (task.relation_fullname) parts.push(task.relation_fullname);
  else if (task.flow_number !== null) parts.push(`Dossier ${task.flow_number}`);
  return parts.join(' · ');
}

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { nl },
});

// The drag-and-drop addon ships as CommonJS only; depending on the bundler's interop its function
// arrives as the module, its default, or the default's default.
type WithDragAndDrop = typeof dragAndDropAddon.default;
function unwrapAddon(mod: unknown): WithDragAndDrop {
  let value = mod as { default?: unknown } | WithDragAndDrop;
  while (typeof value !== 'function' && value && 'default' in value) value = value.default as typeof value;
  return value as WithDragAndDrop;
}
/** Dutch headers: "ma 23", "23 – 29 nov. 2026", "november 2026". */
const FORMATS = {
  dayFormat: 'EEEEEE d',
  weekdayFormat: 'EEEEEE',
  dayHeaderFormat: 'EEEE d MMMM yyyy',
  monthHeaderFormat: 'MMMM yyyy',
  timeGutterFormat: 'HH:mm',
  dayRangeHeaderFormat: ({ start, end }: { start: Date; end: Date }) =>
    `${format(start, 'd MMM', { locale: nl })} – ${format(end, 'd MMM yyyy', { locale: nl })}`,
};

const DnDCalendar = unwrapAddon(dragAndDropAddon)<CalendarEvent>(Calendar);

/** Role from which the calendar offers other users' agendas (spec 000 section 6: above 999). */
const OTHERS_MIN_ROLE = 1000;
const USER_PREFERENCE_KEY = 'calendarUser';

/** The range the server is asked for: what the view shows, at most 42 days. */
export function visibleRange(view: CalendarView, date: Date): { from: string; to: string } {
  let from: Date;
  let to: Date;
  if (view === 'month') {
    from = startOfWeek(startOfMonth(date), { weekStartsOn: 1 });
    to = addDays(endOfWeek(endOfMonth(date), { weekStartsOn: 1 }), 1);
  } else if (view === 'week') {
    from = startOfWeek(date, { weekStartsOn: 1 });
    to = addDays(from, 7);
  } else {
    from = startOfDay(date);
    to = addDays(from, 1);
  }
  return { from: startOfDay(from).toISOString(), to: startOfDay(to).toISOString() };
}

function savedUser(fallback: string): string {
  try {
    return localStorage.getItem(USER_PREFERENCE_KEY) ?? fallback;
  } catch {
    return fallback;
  }
}

/** /calendar: day, week and month views, drag to move and resize, per-user filter, colours per kind. */
export function CalendarScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [view, setView] = useState<CalendarView>(() => (window.innerWidth < 768 ? 'day' : 'week'));
  const [date, setDate] = useState(() => new Date());
  const [user, setUser] = useState(() => savedUser('all'));
  const [slot, setSlot] = useState<{ start: Date; end: Date } | null | undefined>(undefined);
  const mayOthers = session.userrole >= OTHERS_MIN_ROLE;
  const users = useUserOptions(t).filter((u) => mayOthers || u.value === String(session.currentuser_id));
  const range = useMemo(() => visibleRange(view, date), [view, date]);
  const owner = user === 'all' ? 'all' : Number(user);
  const items = useAgendaRange(range, owner);
  const tasks = useTaskCalendar(range, owner);
  const save = useSaveAgendaItem();
  const saveTask = useSaveTask();
  // External events: the chosen user's (another's only from role 1000: the choice offers no other below it),
  // or one's own with all users; last week to six months ahead (spec 000 section 9), read once per visit.
  const externalRange = useMemo(() => {
    const r = externalEventsRange(new Date());
    return { from: format(r.from, 'yyyy-MM-dd'), to: format(r.to, 'yyyy-MM-dd') };
  }, []);
  const external = useExternalEvents(owner === 'all' ? session.currentuser_id : owner, externalRange);
  const [openTaskId, setOpenTaskId] = useState<number | null>(null);
  const openTask = useTask(openTaskId);

  const events = useMemo<CalendarEvent[]>(
    () => [
      ...(items.data ?? []).map(
        (item): CalendarEvent => ({
          kind: 'appointment',
          id: item.id,
          title: item.link_label ? `${item.title} · ${item.link_label}` : item.title,
          start: new Date(item.start_date),
          end: new Date(item.end_date),
          color: item.color,
          item,
        }),
      ),
      ...(tasks.data ?? []).map(
        (task): CalendarEvent => ({
          kind: 'task',
          id: task.id,
          title: taskEventTitle(task),
          start: new Date(task.start_date),
          end: new Date(task.end_date),
          color: task.display_color,
          task,
        }),
      ),
      ...(external.data ?? []).map(
        (e, i): CalendarEvent => ({
          kind: 'google',
          id: -1 - i,
          title: e.summary || t('integrations.external'),
          start: new Date(e.start),
          end: new Date(e.end),
          color: EXTERNAL_EVENT_COLOR,
          external: e,
        }),
      ),
    ],
    [items.data, tasks.data, external.data, t],
  );

  // The week and day views scroll their hours in a box of their own; without a tab stop a keyboard cannot
  // reach it when the shown days hold no appointment to focus (react-big-calendar sets none).
  const calendarBox = useRef<HTMLDivElement>(null);
  const timeGridLabel = t('planning.agenda.timeGrid');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the grid may be rendered anew for each view, date and set of events
  useEffect(() => {
    for (const grid of calendarBox.current?.querySelectorAll<HTMLElement>('.rbc-time-content') ?? []) {
      grid.tabIndex = 0;
      grid.setAttribute('aria-label', timeGridLabel);
    }
  }, [view, date, events, timeGridLabel]);
  const messages: Messages<CalendarEvent> = {
    today: t('common.today'),
    previous: t('common.previous'),
    next: t('common.next'),
    month: t('planning.agenda.month'),
    week: t('planning.agenda.week'),
    day: t('planning.agenda.day'),
    agenda: t('planning.agenda.agendaView'),
    date: t('common.date'),
    time: t('common.time'),
    event: t('planning.agenda.event'),
    allDay: t('planning.agenda.allDay'),
    noEventsInRange: t('planning.agenda.noEventsInRange'),
    showMore: (count: number) => t('planning.agenda.showMore', { count }),
  };

  // Drag to another slot or day, or resize: the new times go to the server at once.
  const move = ({ event, start, end }: EventInteractionArgs<CalendarEvent>) => {
    const nextStart = new Date(start);
    // A month cell has no time: keep the time of day, move only the day.
    if (view === 'month') {
      nextStart.setHours(event.start.getHours(), event.start.getMinutes(), 0, 0);
    }
    const duration =
      view === 'month'
        ? event.end.getTime() - event.start.getTime()
        : new Date(end).getTime() - nextStart.getTime();
    const times = {
      id: event.id,
      start_date: nextStart.toISOString(),
      end_date: new Date(nextStart.getTime() + Math.max(duration, 0)).toISOString(),
    };
    const handlers = {
      onSuccess: () =>
        toast.success(t(event.kind === 'task' ? 'planning.agenda.taskMoved' : 'planning.agenda.moved')),
      onError: (error: unknown) => showActionError(error),
    };
    if (event.kind === 'task') saveTask.mutate(times, handlers);
    else save.mutate(times, handlers);
  };

  const onUserChange = (value: string | null) => {
    const next = value ?? 'all';
    setUser(next);
    try {
      localStorage.setItem(USER_PREFERENCE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('planning.agenda.calendarTitle')}
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('planning.agenda.user')}
            data={[{ value: 'all', label: t('planning.agenda.allUsers') }, ...users]}
            value={user}
            onChange={onUserChange}
            allowDeselect={false}
            searchable
            w={220}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setSlot(null)}>
            {t('planning.agenda.new')}
          </Button>
        </Group>
      </Group>
      <Card withBorder padding={isPhone ? 'xs' : 'md'}>
        <Box className="im-calendar" h={isPhone ? 640 : 760} ref={calendarBox}>
          <DnDCalendar
            localizer={localizer}
            culture="nl"
            events={events}
            view={view as View}
            views={['month', 'week', 'day']}
            onView={(next) => setView(next as CalendarView)}
            date={date}
            onNavigate={setDate}
            messages={messages}
            formats={FORMATS}
            selectable
            resizable
            popup
            step={30}
            timeslots={2}
            scrollToTime={new Date(1970, 0, 1, 7)}
            onSelectEvent={(event) => {
              // An external event (kind google) does nothing when clicked (spec 001).
              if (event.kind === 'google') return;
              if (event.kind === 'task') setOpenTaskId(event.id);
              else navigate(`/agendaitem_detail/${event.id}`);
            }}
            onSelectSlot={({ start, end }) => setSlot({ start, end })}
            onEventDrop={move}
            onEventResize={move}
            eventPropGetter={(event) => ({
              className:
                event.kind === 'task'
                  ? 'im-calendar-task'
                  : event.kind === 'google'
                    ? 'im-calendar-external'
                    : undefined,
              style: {
                backgroundColor: event.color,
                borderColor: event.color,
                color: event.kind === 'task' ? readableTextColor(event.color) : '#fff',
              },
            })}
            draggableAccessor={(event) => event.kind !== 'google'}
            resizableAccessor={(event) => event.kind !== 'google'}
            allDayAccessor={(event) => event.kind === 'google' && event.external.all_day}
          />
        </Box>
        <Group gap="md" mt="sm" aria-label={t('planning.agenda.legend')}>
          {AGENDA_ITEM_KINDS.map((kind) => (
            <Group key={kind} gap={6}>
              <Box
                w={12}
                h={12}
                style={{ background: AGENDA_ITEM_KIND_COLORS[kind], borderRadius: 2 }}
                aria-hidden
              />
              <Text size="xs">{AGENDA_ITEM_KIND_LABELS[kind]}</Text>
            </Group>
          ))}
          {TASK_TYPES.map((type) => (
            <Group key={type} gap={6}>
              <Box
                w={12}
                h={12}
                style={{ background: TASK_TYPE_COLORS[type], borderRadius: 6 }}
                aria-hidden
              />
              <Text size="xs">{t('planning.agenda.taskLegend', { type: TASK_TYPE_LABELS[type] })}</Text>
            </Group>
          ))}
          <Group gap={6}>
            <Box w={12} h={12} style={{ background: EXTERNAL_EVENT_COLOR, borderRadius: 2 }} aria-hidden />
            <Text size="xs">{t('integrations.external')}</Text>
          </Group>
        </Group>
      </Card>
      <CalendarFeedCard />
      <TaskModal
        opened={openTask.data !== undefined && openTaskId !== null}
        onClose={() => setOpenTaskId(null)}
        task={openTask.data}
      />
      <AgendaItemModal
        opened={slot !== undefined}
        onClose={() => setSlot(undefined)}
        slot={
          slot && view === 'month' ? { start: withHour(slot.start, 9), end: withHour(slot.start, 10) } : slot
        }
      />
    </Stack>
  );
}

/** A day chosen in the month view gets a time: 9:00 to 10:00. */
function withHour(day: Date, hour: number): Date {
  const d = new Date(day);
  d.setHours(hour, 0, 0, 0);
  return d;
}
