ALTER TABLE "relation" ADD COLUMN "buyer_reference" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "relation" ADD COLUMN "order_reference" varchar(100) DEFAULT '' NOT NULL;