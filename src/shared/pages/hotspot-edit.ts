import { z } from 'zod';
import { hotspotSchema } from './hotspots';

/** Positions saved from the admin edit mode: each hotspot's id and its top/left/width/height in percent. */
export const hotspotPositionSchema = hotspotSchema.pick({
  id: true,
  top: true,
  left: true,
  width: true,
  height: true,
});
export type HotspotPosition = z.infer<typeof hotspotPositionSchema>;

export const hotspotPositionsRequest = z.object({
  hotspots: z
    .array(hotspotPositionSchema)
    .min(1, 'Nothing to save')
    .max(50)
    .refine(
      (list) => new Set(list.map((spot) => spot.id)).size === list.length,
      'Each hotspot may appear once',
    ),
});
export type HotspotPositionsRequest = z.infer<typeof hotspotPositionsRequest>;

export const hotspotEditMessages = {
  saveFailed: 'Failed to save hotspot positions',
  saved: 'Hotspot positions saved',
} as const;
