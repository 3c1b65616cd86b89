import { describe, expect, it } from 'vitest';
import { moveTarget } from './sortable-card-list';

const items = [{ id: 10 }, { id: 20 }, { id: 30 }];

describe('moveTarget', () => {
  it('gives the 1-based position dropped on and the list in its new order', () => {
    expect(moveTarget(items, 10, 30)).toEqual({
      id: 10,
      order: 3,
      ordered: [{ id: 20 }, { id: 30 }, { id: 10 }],
    });
    expect(moveTarget(items, 30, 10)).toEqual({
      id: 30,
      order: 1,
      ordered: [{ id: 30 }, { id: 10 }, { id: 20 }],
    });
  });

  it('is no move when dropped on itself or on something not in the list', () => {
    expect(moveTarget(items, 20, 20)).toBeNull();
    expect(moveTarget(items, 20, 99)).toBeNull();
    expect(moveTarget(items, 99, 20)).toBeNull();
  });

  it('leaves the list it was given as it was', () => {
    moveTarget(items, 10, 30);
    expect(items.map((item) => item.id)).toEqual([10, 20, 30]);
  });
});
