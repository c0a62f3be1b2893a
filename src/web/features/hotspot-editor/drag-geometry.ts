import { clampHotspot } from '../../../shared/pages/hotspots';

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export type DragMode = 'move' | 'resize';

/**
 * Where a hotspot lands after the pointer moved by (dx, dy) percent of the artwork: moving
 * keeps the size, resizing keeps the top-left corner; every value stays within the spec's
 * limits (top/left 0-95 %, width 2-90 %, height 1-80 %).
 */
export function draggedBox(start: Box, mode: DragMode, dxPercent: number, dyPercent: number): Box {
  if (mode === 'move') {
    return {
      ...start,
      top: clampHotspot(start.top + dyPercent, 'top'),
      left: clampHotspot(start.left + dxPercent, 'left'),
    };
  }
  return {
    ...start,
    width: clampHotspot(start.width + dxPercent, 'width'),
    height: clampHotspot(start.height + dyPercent, 'height'),
  };
}

/** Pointer travel (in pixels) below which a press is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 3;
