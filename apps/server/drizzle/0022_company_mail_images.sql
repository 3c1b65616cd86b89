ALTER TABLE "company_settings" ADD COLUMN "email_header_file_id" integer;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "email_footer_file_id" integer;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "customer_background_file_id" integer;