import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import { FLOW_STATUS_LABELS } from '@im/domain';
import { ActionIcon, Box, Button } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../ui/responsive';
import { useDragSensors } from '../../../ui/sortable/drag-sensors';
import { useSession } from '../../auth';
import {
  type PipelineBoard as Board,
  type ColumnStatus,
  PIPELINE_COLUMNS,
  type PipelineLead,
} from '../types';
import { useEdgeScroll } from '../use-edge-scroll';
import classes from './pipeline-board.module.css';
import { PipelineCard } from './pipeline-card';
import { COLUMN_WIDTH, PipelineColumn } from './pipeline-column';

// The pointer decides the column; keyboard drags (no pointer) fall back to overlapping rectangles.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

interface PipelineBoardProps {
  board: Board;
  onMove: (leadId: number, to: ColumnStatus) => void;
}

export function PipelineBoard({ board, onMove }: PipelineBoardProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const userId = useSession().currentuser_id;
  const [boardRef, height] = useFillHeight();
  const [active, setActive] = useState<PipelineLead | null>(null);
  // A mouse drags after a few pixels, so the relation link stays clickable; a finger drags after a
  // long press, so a swipe scrolls the column or the board instead.
  const sensors = useDragSensors();
  const columns = PIPELINE_COLUMNS.map(
    (status) =>
      board.columns.find((column) => column.flow_status === status) ?? {
        flow_status: status,
        total: 0,
        total_capped: false,
        leads: [],
      },
  );
  const scroll = useBoardScroll(boardRef, userId, isPhone);
  const edge = useEdgeScroll(boardRef, scroll.step);

  const onDragStart = ({ active: started }: DragStartEvent) => {
    setActive((started.data.current?.lead as PipelineLead | undefined) ?? null);
    edge.start();
  };
  const onDragEnd = ({ active: dropped, over }: DragEndEvent) => {
    edge.stop();
    setActive(null);
    if (over) onMove(Number(dropped.id), over.id as ColumnStatus);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        edge.stop();
        setActive(null);
      }}
      // Columns scroll their cards as dnd-kit does it; the board itself scrolls a column at a time at its
      // edges (useEdgeScroll), never continuously through every column.
      autoScroll={{ threshold: { x: 0.15, y: 0.15 }, canScroll: (element) => element !== boardRef.current }}
      accessibility={{
        screenReaderInstructions: { draggable: t('pipeline.dragInstructions') },
      }}
    >
      {isPhone && (
        <ColumnStrip columns={columns} current={scroll.current} onPick={(index) => scroll.toColumn(index)} />
      )}
      <Box pos="relative">
        <Box
          ref={boardRef}
          className={classes.board}
          data-testid="pipeline-board"
          data-phone={isPhone || undefined}
          style={{ height }}
          aria-label={t('pipeline.title')}
          onScroll={scroll.onScroll}
        >
          {columns.map((column) => (
            <PipelineColumn
              key={column.flow_status}
              column={column}
              height="100%"
              width={isPhone ? 'var(--pipeline-phone-column)' : COLUMN_WIDTH}
            />
          ))}
        </Box>
        {!isPhone &&
          [
            {
              side: 'left',
              show: scroll.canLeft,
              direction: -1,
              Icon: IconChevronLeft,
              label: t('pipeline.scrollLeft'),
            },
            {
              side: 'right',
              show: scroll.canRight,
              direction: 1,
              Icon: IconChevronRight,
              label: t('pipeline.scrollRight', { count: scroll.hiddenRight }),
            },
          ].map(
            ({ side, show, direction, Icon, label }) =>
              show && (
                <ActionIcon
                  key={side}
                  className={classes.arrow}
                  data-side={side}
                  variant="white"
                  size="xl"
                  radius="xl"
                  aria-label={label}
                  onClick={() => scroll.by(direction as 1 | -1)}
                >
                  <Icon />
                </ActionIcon>
              ),
          )}
      </Box>
      <DragOverlay dropAnimation={null}>
        {active ? <PipelineCard lead={active} isOverlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}

const GAP = 12;
const SCROLL_KEY = 'pipelineScroll';

/** The column names with their counts above a phone's board; the current one is filled, a tap goes there. */
function ColumnStrip({
  columns,
  current,
  onPick,
}: {
  columns: Board['columns'];
  current: number;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation();
  const stripRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    stripRef.current
      ?.querySelector<HTMLElement>(`[data-index="${current}"]`)
      ?.scrollIntoView({ inline: 'center', block: 'nearest' });
  }, [current]);
  return (
    <Box ref={stripRef} className={classes.strip} role="tablist" aria-label={t('pipeline.columns')}>
      {columns.map((column, index) => (
        <Button
          key={column.flow_status}
          data-index={index}
          role="tab"
          aria-selected={index === current}
          size="compact-sm"
          radius="xl"
          variant={index === current ? 'filled' : 'light'}
          onClick={() => onPick(index)}
        >
          {FLOW_STATUS_LABELS[column.flow_status]} · {NUMBER.format(column.total)}
        </Button>
      ))}
    </Box>
  );
}

const NUMBER = new Intl.NumberFormat('nl-NL');

/**
 * The board's horizontal scroll: which column is in front (phones snap one column at a time), whether
 * more columns hide left or right (desk arrows), and the position kept per user across visits.
 */
function useBoardScroll(ref: RefObject<HTMLDivElement | null>, userId: number, isPhone: boolean) {
  const key = `${SCROLL_KEY}:${userId}`;
  const [state, setState] = useState({ current: 0, canLeft: false, canRight: false, hiddenRight: 0 });
  const saveTimer = useRef<number | undefined>(undefined);
  const columnStep = () => {
    const first = ref.current?.firstElementChild as HTMLElement | null;
    return (first?.offsetWidth ?? COLUMN_WIDTH) + GAP;
  };
  const measure = () => {
    const el = ref.current;
    if (!el) return;
    const step = columnStep();
    const right = el.scrollWidth - el.clientWidth - el.scrollLeft;
    setState({
      current: Math.round(el.scrollLeft / step),
      canLeft: el.scrollLeft > 4,
      canRight: right > 4,
      hiddenRight: Math.ceil(right / step),
    });
  };
  // Restore the saved position once the columns are there, then keep the arrows true on resize.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restores once per user and layout
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const saved = Number(localStorage.getItem(key) ?? 0);
    el.scrollLeft = isPhone ? Math.round(saved / columnStep()) * columnStep() : saved;
    measure();
    // A save still waiting for the scroll to settle is written when the page goes or the board unmounts.
    const flush = () => {
      window.clearTimeout(saveTimer.current);
      if (ref.current) localStorage.setItem(key, String(Math.round(ref.current.scrollLeft)));
    };
    window.addEventListener('resize', measure);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      window.removeEventListener('resize', measure);
      window.removeEventListener('pagehide', flush);
    };
  }, [key, isPhone]);
  return {
    ...state,
    step: columnStep,
    onScroll: () => {
      measure();
      window.clearTimeout(saveTimer.current);
      saveTimer.current = window.setTimeout(() => {
        if (ref.current) localStorage.setItem(key, String(Math.round(ref.current.scrollLeft)));
      }, 200);
    },
    toColumn: (index: number) => ref.current?.scrollTo({ left: index * columnStep(), behavior: 'smooth' }),
    by: (direction: 1 | -1) =>
      ref.current?.scrollBy({ left: direction * 2 * columnStep(), behavior: 'smooth' }),
  };
}

const MIN_HEIGHT = 360;
const BOTTOM_SPACE = 24;

/** The board reaches to the bottom of the window, so each column scrolls on its own. */
function useFillHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(600);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(MIN_HEIGHT, Math.round(window.innerHeight - top - BOTTOM_SPACE)));
    };
    measure();
    // What sits above the board can change height after the first paint (a banner closes, the
    // toolbar wraps): follow the page's layout, not only the window.
    const observer = new ResizeObserver(measure);
    for (let node = ref.current?.parentElement; node; node = node.parentElement) observer.observe(node);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, height] as const;
}
