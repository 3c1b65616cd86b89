import {
  KeyboardSensor,
  type KeyboardSensorOptions,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';

/** Decision 020: a finger drags after a long press, so a swipe still scrolls the page. */
export const LONG_PRESS_MS = 250;

/** Mouse and pen drag through pointer events; a finger is left to the TouchSensor (long press). */
export class NoTouchPointerSensor extends PointerSensor {
  static override activators = PointerSensor.activators.map((activator) => ({
    ...activator,
    handler: (event: ReactPointerEvent, options: Parameters<typeof activator.handler>[1]) =>
      event.nativeEvent.pointerType !== 'touch' && activator.handler(event, options),
  }));
}

interface DragSensorOptions {
  /** How arrow keys move a dragged item (a sortable list passes `sortableKeyboardCoordinates`). */
  coordinateGetter?: KeyboardSensorOptions['coordinateGetter'];
  /** How long a finger presses before it drags. */
  longPressMs?: number;
  /** A pointer of every kind, a finger too, drags after a few pixels (the calculation lines). */
  isTouchPointer?: boolean;
}

/**
 * The drag sensors of every sortable list and board: a mouse or pen drags after a few pixels, so a
 * click still works; a finger after a long press, so a swipe scrolls; and the keyboard.
 */
export function useDragSensors({
  coordinateGetter,
  longPressMs = LONG_PRESS_MS,
  isTouchPointer = false,
}: DragSensorOptions = {}) {
  return useSensors(
    useSensor(isTouchPointer ? PointerSensor : NoTouchPointerSensor, {
      activationConstraint: { distance: 5 },
    }),
    useSensor(TouchSensor, { activationConstraint: { delay: longPressMs, tolerance: 8 } }),
    useSensor(KeyboardSensor, coordinateGetter ? { coordinateGetter } : {}),
  );
}
