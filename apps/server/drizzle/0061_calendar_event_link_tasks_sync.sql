DROP INDEX "calendar_event_link_once";--> statement-breakpoint
ALTER TABLE "calendar_event_link" ADD COLUMN "kind" varchar(12) DEFAULT 'agendaitem' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_event_link" ADD COLUMN "leader_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_event_link" ADD COLUMN "pushed_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "calendar_event_link" ADD COLUMN "pushed_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_event_link" ADD COLUMN "pushed_end" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_link_item_once" ON "calendar_event_link" USING btree ("company_id","kind","agenda_item_id","user_id","service");--> statement-breakpoint
CREATE INDEX "calendar_event_link_by_leader" ON "calendar_event_link" USING btree ("company_id","leader_id") WHERE "calendar_event_link"."leader_id" is not null;