import { z } from 'zod';

export const hotspotPageSlugs = ['abouttemp', 'custom-page-1', 'custom-page-2'] as const;
export type HotspotPageSlug = (typeof hotspotPageSlugs)[number];

/** The spec's drag limits, in percent of the artwork. */
export const hotspotLimits = {
  top: { min: 0, max: 95 },
  left: { min: 0, max: 95 },
  width: { min: 2, max: 90 },
  height: { min: 1, max: 80 },
} as const;

export function clampHotspot(value: number, dimension: keyof typeof hotspotLimits): number {
  const { min, max } = hotspotLimits[dimension];
  return Math.round(Math.min(max, Math.max(min, value)) * 100) / 100;
}

const percent = (dimension: keyof typeof hotspotLimits) =>
  z.number().min(hotspotLimits[dimension].min).max(hotspotLimits[dimension].max);

export const hotspotSchema = z.object({
  id: z.uuid(),
  label: z.string().min(1).max(80),
  href: z.string().regex(/^\/[A-Za-z0-9\-/#?=&_.]*$/, 'must be a path on this site'),
  top: percent('top'),
  left: percent('left'),
  width: percent('width'),
  height: percent('height'),
});
export type Hotspot = z.infer<typeof hotspotSchema>;

export const hotspotListResponse = z.object({
  page: z.enum(hotspotPageSlugs),
  hotspots: z.array(hotspotSchema),
});
export type HotspotListResponse = z.infer<typeof hotspotListResponse>;
