import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { hotspotEditMessages } from '../../../shared/pages/hotspot-edit';
import type { Hotspot, HotspotListResponse, HotspotPageSlug } from '../../../shared/pages/hotspots';
import { Button } from '../../components/ui/button';
import { adminRequest } from '../../lib/admin-api';
import { type Box, DRAG_THRESHOLD_PX, type DragMode, draggedBox } from './drag-geometry';
import './hotspot-editor.css';

export interface HotspotEditorProps {
  slug: HotspotPageSlug;
  hotspots: Hotspot[];
  onSaved(hotspots: Hotspot[]): void;
}

interface Drag {
  id: string;
  mode: DragMode;
  pointerId: number;
  startX: number;
  startY: number;
  start: Box;
  hasMoved: boolean;
}

type Status = { tone: 'error' | 'success'; text: string } | null;

/**
 * The admin edit mode of an artwork page: switch it on, drag a hotspot to move it, drag its
 * corner to resize it, then save. Arrow keys move the focused hotspot (Shift+arrows resize).
 * While a drag is under way, clicks are swallowed so the link underneath never fires.
 */
export function HotspotEditor({ slug, hotspots, onSaved }: HotspotEditorProps) {
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Record<string, Box>>({});
  const [isSaving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const suppressClickRef = useRef(false);

  const boxOf = (spot: Hotspot): Box => draft[spot.id] ?? spot;
  const changedIds = hotspots
    .filter((spot) => {
      const box = draft[spot.id];
      return (
        box &&
        (box.top !== spot.top ||
          box.left !== spot.left ||
          box.width !== spot.width ||
          box.height !== spot.height)
      );
    })
    .map((spot) => spot.id);

  const startEditing = () => {
    setDraft({});
    setStatus(null);
    setEditing(true);
  };

  const percentOfSurface = (dxPixels: number, dyPixels: number) => {
    const rect = surfaceRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { dx: 0, dy: 0 };
    return { dx: (dxPixels / rect.width) * 100, dy: (dyPixels / rect.height) * 100 };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>, spot: Hotspot, mode: DragMode) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = {
      id: spot.id,
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: boxOf(spot),
      hasMoved: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const dxPixels = event.clientX - drag.startX;
    const dyPixels = event.clientY - drag.startY;
    if (!drag.hasMoved && Math.hypot(dxPixels, dyPixels) < DRAG_THRESHOLD_PX) return;
    drag.hasMoved = true;
    suppressClickRef.current = true;
    const { dx, dy } = percentOfSurface(dxPixels, dyPixels);
    setDraft((current) => ({ ...current, [drag.id]: draggedBox(drag.start, drag.mode, dx, dy) }));
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragRef.current = null;
    // The click that ends a drag arrives after pointerup: let it be swallowed, then clear the flag.
    setTimeout(() => {
      suppressClickRef.current = false;
    }, 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, spot: Hotspot) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-0.5, 0],
      ArrowRight: [0.5, 0],
      ArrowUp: [0, -0.5],
      ArrowDown: [0, 0.5],
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    setDraft((current) => ({
      ...current,
      [spot.id]: draggedBox(current[spot.id] ?? spot, event.shiftKey ? 'resize' : 'move', step[0], step[1]),
    }));
  };

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      const response = await adminRequest<HotspotListResponse>(`/api/admin/pages/${slug}/hotspots`, {
        method: 'PUT',
        body: { hotspots: changedIds.map((id) => ({ id, ...draft[id] })) },
      });
      onSaved(response.hotspots);
      setDraft({});
      setEditing(false);
      setStatus({ tone: 'success', text: hotspotEditMessages.saved });
    } catch {
      setStatus({ tone: 'error', text: hotspotEditMessages.saveFailed });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {isEditing ? (
        <div
          ref={surfaceRef}
          className="hotspot-edit-surface"
          onClickCapture={(event) => {
            if (suppressClickRef.current) {
              event.preventDefault();
              event.stopPropagation();
            }
          }}
        >
          {hotspots.map((spot) => {
            const box = boxOf(spot);
            return (
              <button
                type="button"
                key={spot.id}
                aria-roledescription="movable hotspot"
                aria-label={`${spot.label}: top ${box.top}%, left ${box.left}%, width ${box.width}%, height ${box.height}%`}
                className={changedIds.includes(spot.id) ? 'hotspot-handle is-changed' : 'hotspot-handle'}
                style={{
                  top: `${box.top}%`,
                  left: `${box.left}%`,
                  width: `${box.width}%`,
                  height: `${box.height}%`,
                }}
                onPointerDown={(event) => onPointerDown(event, spot, 'move')}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerEnd}
                onPointerCancel={onPointerEnd}
                onKeyDown={(event) => onKeyDown(event, spot)}
              >
                <span className="hotspot-handle-label">{spot.label}</span>
                <span
                  className="hotspot-resize"
                  aria-hidden="true"
                  onPointerDown={(event) => onPointerDown(event, spot, 'resize')}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerEnd}
                  onPointerCancel={onPointerEnd}
                />
              </button>
            );
          })}
        </div>
      ) : null}
      <section className="hotspot-toolbar" aria-label="Hotspot editing">
        {status ? (
          <span
            className={status.tone === 'error' ? 'hotspot-status is-error' : 'hotspot-status'}
            role="status"
          >
            {status.text}
          </span>
        ) : null}
        {isEditing ? (
          <>
            <span className="hotspot-hint">
              Drag to move, drag the corner to resize. Arrow keys nudge (Shift resizes).
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setDraft({});
                setEditing(false);
              }}
            >
              Cancel
            </Button>
            <Button size="sm" onClick={save} isBusy={isSaving} disabled={changedIds.length === 0}>
              Save positions
            </Button>
          </>
        ) : (
          <Button size="sm" onClick={startEditing}>
            Edit hotspots
          </Button>
        )}
      </section>
    </>
  );
}
