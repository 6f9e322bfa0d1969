CREATE TYPE "public"."import_kind" AS ENUM('referents', 'competitors');--> statement-breakpoint
CREATE TYPE "public"."strategy_request_status" AS ENUM('received', 'in_progress', 'sent');--> statement-breakpoint
CREATE TABLE "file_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "import_kind" NOT NULL,
	"file_id" uuid,
	"buyer_domain_id" uuid,
	"competitor_group_id" uuid,
	"status" "import_status" DEFAULT 'pending' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "strategy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	"description" text NOT NULL,
	"status" "strategy_request_status" DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_domains" ADD COLUMN "referents_import_id" uuid;--> statement-breakpoint
ALTER TABLE "buyer_domains" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competitor_groups" ADD COLUMN "competitors_import_id" uuid;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_buyer_domain_id_buyer_domains_id_fk" FOREIGN KEY ("buyer_domain_id") REFERENCES "public"."buyer_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_competitor_group_id_competitor_groups_id_fk" FOREIGN KEY ("competitor_group_id") REFERENCES "public"."competitor_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_requests" ADD CONSTRAINT "strategy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_imports_user_id_idx" ON "file_imports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "strategy_requests_user_created_idx" ON "strategy_requests" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "buyer_domains" ADD CONSTRAINT "buyer_domains_referents_import_id_file_imports_id_fk" FOREIGN KEY ("referents_import_id") REFERENCES "public"."file_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_groups" ADD CONSTRAINT "competitor_groups_competitors_import_id_file_imports_id_fk" FOREIGN KEY ("competitors_import_id") REFERENCES "public"."file_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
WITH "moved" AS (
	INSERT INTO "file_imports" ("user_id", "kind", "file_id", "buyer_domain_id", "status", "errors", "finished_at")
	SELECT "user_id", 'referents', "referents_file_id", "id", "referents_import_status", coalesce("referents_import_errors", '[]'::jsonb), "created_at"
	FROM "buyer_domains" WHERE "referents_import_status" IS NOT NULL
	RETURNING "id", "buyer_domain_id"
)
UPDATE "buyer_domains" SET "referents_import_id" = "moved"."id" FROM "moved" WHERE "buyer_domains"."id" = "moved"."buyer_domain_id";--> statement-breakpoint
WITH "moved" AS (
	INSERT INTO "file_imports" ("user_id", "kind", "file_id", "competitor_group_id", "status", "errors", "finished_at")
	SELECT "d"."user_id", 'competitors', "g"."competitors_file_id", "g"."id", "g"."competitors_import_status", coalesce("g"."competitors_import_errors", '[]'::jsonb), "g"."created_at"
	FROM "competitor_groups" "g" JOIN "buyer_domains" "d" ON "d"."id" = "g"."buyer_domain_id" WHERE "g"."competitors_import_status" IS NOT NULL
	RETURNING "id", "competitor_group_id"
)
UPDATE "competitor_groups" SET "competitors_import_id" = "moved"."id" FROM "moved" WHERE "competitor_groups"."id" = "moved"."competitor_group_id";
