import { and, asc, eq } from 'drizzle-orm';
import type { Hotspot, HotspotPageSlug } from '../../../shared/pages/hotspots';
import type { Executor } from '../../db/client';
import { pageHotspots } from '../../db/schema';

function toHotspot(row: typeof pageHotspots.$inferSelect): Hotspot {
  return {
    id: row.id,
    label: row.label,
    href: row.href,
    top: Number(row.topPercent),
    left: Number(row.leftPercent),
    width: Number(row.widthPercent),
    height: Number(row.heightPercent),
  };
}

export async function selectPageHotspots(
  db: Executor,
  page: HotspotPageSlug,
  forUpdate = false,
): Promise<Hotspot[]> {
  const query = db
    .select()
    .from(pageHotspots)
    .where(eq(pageHotspots.pageSlug, page))
    .orderBy(asc(pageHotspots.sortOrder), asc(pageHotspots.id));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows.map(toHotspot);
}

export async function updateHotspotPosition(
  db: Executor,
  page: HotspotPageSlug,
  position: { id: string; top: string; left: string; width: string; height: string },
  adminUserId: string,
  at: Date,
): Promise<void> {
  await db
    .update(pageHotspots)
    .set({
      topPercent: position.top,
      leftPercent: position.left,
      widthPercent: position.width,
      heightPercent: position.height,
      updatedBy: adminUserId,
      updatedAt: at,
    })
    .where(and(eq(pageHotspots.id, position.id), eq(pageHotspots.pageSlug, page)));
}
