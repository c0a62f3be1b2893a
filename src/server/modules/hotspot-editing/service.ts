import type { HotspotPosition } from '../../../shared/pages/hotspot-edit';
import { clampHotspot, type Hotspot, type HotspotPageSlug } from '../../../shared/pages/hotspots';
import { AppError } from '../../../shared/errors/app-error';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AppContext } from '../../context';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { selectPageHotspots, updateHotspotPosition } from './repository';

/** Saves the dragged positions of a page's hotspots in one transaction; ids of other pages are refused. */
export async function saveHotspotPositions(
  context: AppContext,
  admin: AdminPrincipal,
  page: HotspotPageSlug,
  positions: HotspotPosition[],
): Promise<Hotspot[]> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const current = await selectPageHotspots(tx, page, true);
    const known = new Set(current.map((spot) => spot.id));
    const unknown = positions.find((position) => !known.has(position.id));
    if (unknown)
      throw new AppError('validation_failed', { message: `Hotspot ${unknown.id} is not on this page` });
    const before = current.filter((spot) => positions.some((position) => position.id === spot.id));
    for (const position of positions) {
      // Stored with two decimals, like the column.
      await updateHotspotPosition(
        tx,
        page,
        {
          id: position.id,
          top: clampHotspot(position.top, 'top').toFixed(2),
          left: clampHotspot(position.left, 'left').toFixed(2),
          width: clampHotspot(position.width, 'width').toFixed(2),
          height: clampHotspot(position.height, 'height').toFixed(2),
        },
        admin.adminUserId,
        now,
      );
    }
    const saved = await selectPageHotspots(tx, page);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'hotspot.move',
      target: { type: 'page', id: page },
      before: positionsOf(before),
      after: positionsOf(saved.filter((spot) => positions.some((position) => position.id === spot.id))),
      at: now,
    });
    return saved;
  });
}

/** Each hotspot's box keyed by its id, so the audit entry keeps only the hotspots that moved. */
function positionsOf(spots: Hotspot[]): Record<string, unknown> {
  return Object.fromEntries(
    spots.map((spot) => [
      spot.id,
      { top: spot.top, left: spot.left, width: spot.width, height: spot.height },
    ]),
  );
}
