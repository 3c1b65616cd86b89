ALTER TABLE "company_settings" ADD COLUMN "mail_sender_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "mail_reply_to" varchar(10) DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "mail_reply_to_address" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_conversation" ADD COLUMN "customer_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "reply_to" varchar(254);