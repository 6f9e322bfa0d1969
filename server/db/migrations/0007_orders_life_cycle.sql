CREATE TYPE "public"."article_status" AS ENUM('content_ready_for_approval', 'content_approved', 'content_declined', 'content_rewrite_required', 'published');--> statement-breakpoint
CREATE TYPE "public"."topic_status" AS ENUM('topic_ready_for_approval', 'topic_approved', 'topic_declined');--> statement-breakpoint
CREATE SEQUENCE "public"."credit_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"item_numbers" text[] NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_amount_non_negative" CHECK ("credit_notes"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "topic_status" "topic_status";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "topic_feedback" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "article_status" "article_status";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "article_link" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "article_file_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "article_feedback" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "webmaster_feedback" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_article_file_id_files_id_fk" FOREIGN KEY ("article_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_status_idx" ON "order_items" USING btree ("order_id","status");--> statement-breakpoint
CREATE INDEX "order_items_site_hostname_trgm_idx" ON "order_items" USING gin ("site_hostname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_status_changed_idx" ON "order_items" USING btree ("status","status_changed_at");