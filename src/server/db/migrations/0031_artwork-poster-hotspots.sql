-- The artwork pages became 800-unit posters readable on a phone (decision 1342). Seeded hotspots
-- still at their old spots move to the new drawing; hotspots an admin has moved are left alone.
UPDATE "page_hotspots" SET "top_percent" = 62.73, "left_percent" = 8, "width_percent" = 41.25, "height_percent" = 9.09
  WHERE "page_slug" = 'abouttemp' AND "href" = '/investments' AND "top_percent" = 62 AND "left_percent" = 8 AND "width_percent" = 22 AND "height_percent" = 9;--> statement-breakpoint
UPDATE "page_hotspots" SET "top_percent" = 62.73, "left_percent" = 52.25, "width_percent" = 39.75, "height_percent" = 9.09
  WHERE "page_slug" = 'abouttemp' AND "href" = '/faq' AND "top_percent" = 62 AND "left_percent" = 34 AND "width_percent" = 18 AND "height_percent" = 9;--> statement-breakpoint
UPDATE "page_hotspots" SET "top_percent" = 66, "left_percent" = 25, "width_percent" = 50, "height_percent" = 11
  WHERE "page_slug" = 'custom-page-1' AND "href" = '/signup' AND "top_percent" = 70 AND "left_percent" = 39 AND "width_percent" = 22 AND "height_percent" = 10;--> statement-breakpoint
UPDATE "page_hotspots" SET "top_percent" = 80, "left_percent" = 32.5, "width_percent" = 35, "height_percent" = 8
  WHERE "page_slug" = 'custom-page-1' AND "href" = '/how-it-works' AND "top_percent" = 84 AND "left_percent" = 39 AND "width_percent" = 22 AND "height_percent" = 6;--> statement-breakpoint
UPDATE "page_hotspots" SET "top_percent" = 31.45, "left_percent" = 8, "width_percent" = 84, "height_percent" = 30.65
  WHERE "page_slug" = 'custom-page-2' AND "href" = '/investments#standard' AND "top_percent" = 40 AND "left_percent" = 10 AND "width_percent" = 36 AND "height_percent" = 34;--> statement-breakpoint
UPDATE "page_hotspots" SET "top_percent" = 64.52, "left_percent" = 8, "width_percent" = 84, "height_percent" = 30.65
  WHERE "page_slug" = 'custom-page-2' AND "href" = '/investments#high-yield' AND "top_percent" = 40 AND "left_percent" = 54 AND "width_percent" = 36 AND "height_percent" = 34;
