ALTER TABLE "buyer_domains" DROP COLUMN "referents_import_status";--> statement-breakpoint
ALTER TABLE "buyer_domains" DROP COLUMN "referents_import_errors";--> statement-breakpoint
ALTER TABLE "competitor_groups" DROP COLUMN "competitors_import_status";--> statement-breakpoint
ALTER TABLE "competitor_groups" DROP COLUMN "competitors_import_errors";