import { lazy, Suspense, useEffect } from 'react';
import { can } from '../../shared/admin/permissions';
import type { Hotspot, HotspotPageSlug } from '../../shared/pages/hotspots';
import { readCachedAdmin, restoreAdminSession, useAdminSession } from '../lib/admin-session';

const HotspotEditor = lazy(() =>
  import('../features/hotspot-editor/hotspot-editor').then((module) => ({ default: module.HotspotEditor })),
);

export interface HotspotEditOverlayProps {
  slug: HotspotPageSlug;
  hotspots: Hotspot[];
  onSaved(hotspots: Hotspot[]): void;
}

/**
 * The admin edit mode on an artwork page. Visitors get nothing: the editor is loaded only for
 * a signed-in admin whose role may edit hotspots (PRODUCT.md 25), once the server has
 * confirmed the session.
 */
export function HotspotEditOverlay(props: HotspotEditOverlayProps) {
  const { admin, token } = useAdminSession();
  useEffect(() => {
    if (readCachedAdmin() && !token) restoreAdminSession().catch(() => undefined);
  }, [token]);
  if (!admin || !token || !can(admin.role, 'hotspots:edit')) return null;
  return (
    <Suspense fallback={null}>
      <HotspotEditor {...props} />
    </Suspense>
  );
}
