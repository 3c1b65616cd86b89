ALTER TABLE "invoice" ADD COLUMN "buyer_reference" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "order_reference" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "oin" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "buyer_reference" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "order_reference" varchar(100) DEFAULT '' NOT NULL;