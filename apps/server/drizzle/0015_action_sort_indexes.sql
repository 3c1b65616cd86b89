DROP INDEX "action_company_user_status_due";--> statement-breakpoint
ALTER TABLE "action" ADD COLUMN "priority_rank" smallint GENERATED ALWAYS AS (case priority when 'top' then 4 when 'high' then 3 when 'normal' then 2 else 1 end) STORED;--> statement-breakpoint
CREATE INDEX "action_company_due" ON "action" USING btree ("company_id","due_date","id");--> statement-breakpoint
CREATE INDEX "action_company_status_overdue" ON "action" USING btree ("company_id","status","overdue_date","id");--> statement-breakpoint
CREATE INDEX "action_company_status_priority" ON "action" USING btree ("company_id","status","priority_rank","id");--> statement-breakpoint
CREATE INDEX "action_company_status_created" ON "action" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "action_company_status_description" ON "action" USING btree ("company_id","status","description","id");--> statement-breakpoint
CREATE INDEX "action_company_user_status_due" ON "action" USING btree ("company_id","user_id","status","due_date","id","overdue_date","priority_rank");