ALTER TABLE "picture" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "picture" ADD COLUMN "lng" double precision;