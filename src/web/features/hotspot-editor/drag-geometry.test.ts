import { describe, expect, it } from 'vitest';
import { draggedBox } from './drag-geometry';

const start = { top: 10, left: 20, width: 30, height: 12 };

describe('dragging a hotspot', () => {
  it('moves without resizing and resizes without moving', () => {
    expect(draggedBox(start, 'move', 5.5, -2.25)).toEqual({ top: 7.75, left: 25.5, width: 30, height: 12 });
    expect(draggedBox(start, 'resize', 10, 3)).toEqual({ top: 10, left: 20, width: 40, height: 15 });
  });

  it("stops at the spec's limits", () => {
    expect(draggedBox(start, 'move', -50, -50)).toMatchObject({ top: 0, left: 0 });
    expect(draggedBox(start, 'move', 200, 200)).toMatchObject({ top: 95, left: 95 });
    expect(draggedBox(start, 'resize', -100, -100)).toMatchObject({ width: 2, height: 1 });
    expect(draggedBox(start, 'resize', 100, 100)).toMatchObject({ width: 90, height: 80 });
  });
});
