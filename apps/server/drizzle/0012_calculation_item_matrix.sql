ALTER TABLE "calculation_item" ADD COLUMN "matrix_x" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "calculation_item" ADD COLUMN "matrix_y" numeric(18, 4);