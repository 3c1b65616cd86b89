import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Box } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PipelineBoard as Board,
  type ColumnStatus,
  PIPELINE_COLUMNS,
  type PipelineLead,
} from '../types';
import { PipelineCard } from './pipeline-card';
import { PipelineColumn } from './pipeline-column';

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
  const [boardRef, height] = useFillHeight();
  const [active, setActive] = useState<PipelineLead | null>(null);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so the relation link stays clickable.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const columns = PIPELINE_COLUMNS.map(
    (status) =>
      board.columns.find((column) => column.flow_status === status) ?? {
        flow_status: status,
        total: 0,
        total_capped: false,
        leads: [],
      },
  );

  const onDragStart = ({ active: started }: DragStartEvent) =>
    setActive((started.data.current?.lead as PipelineLead | undefined) ?? null);
  const onDragEnd = ({ active: dropped, over }: DragEndEvent) => {
    setActive(null);
    if (over) onMove(Number(dropped.id), over.id as ColumnStatus);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('pipeline.dragInstructions') },
      }}
    >
      <Box
        ref={boardRef}
        style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }}
        aria-label={t('pipeline.title')}
      >
        {columns.map((column) => (
          <PipelineColumn key={column.flow_status} column={column} height={height} />
        ))}
      </Box>
      <DragOverlay dropAnimation={null}>
        {active ? <PipelineCard lead={active} isOverlay /> : null}
      </DragOverlay>
    </DndContext>
  );
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
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return [ref, height] as const;
}
