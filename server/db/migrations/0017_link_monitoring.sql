CREATE TYPE "public"."demo_link_state" AS ENUM('intact', 'removed', 'nofollow', 'anchor_changed');--> statement-breakpoint
CREATE TYPE "public"."expected_rel" AS ENUM('do_follow', 'no_follow', 'sponsored');--> statement-breakpoint
CREATE TYPE "public"."link_check_outcome" AS ENUM('ok', 'page_unreachable', 'page_error', 'link_missing', 'wrong_target', 'wrong_rel', 'wrong_anchor', 'noindex', 'canonical_elsewhere');--> statement-breakpoint
CREATE TYPE "public"."link_issue_event_kind" AS ENUM('opened', 'buyer_notified', 'restore_requested', 'publisher_updating', 'link_restored', 'refund_requested', 'refunded', 'closed');--> statement-breakpoint
CREATE TYPE "public"."link_issue_resolution" AS ENUM('restored', 'refunded');--> statement-breakpoint
CREATE TABLE "demo_article_pages" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"link_state" "demo_link_state" DEFAULT 'intact' NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_check_hosts" (
	"hostname" text PRIMARY KEY NOT NULL,
	"busy_until" timestamp with time zone NOT NULL,
	"owner" text
);
--> statement-breakpoint
CREATE TABLE "link_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"outcome" "link_check_outcome" NOT NULL,
	"http_status" integer,
	"final_url" text,
	"found" jsonb,
	"detail" text,
	"is_disallowed_by_robots" boolean DEFAULT false NOT NULL,
	"duration_ms" integer NOT NULL,
	"requested_by" uuid
);
--> statement-breakpoint
CREATE TABLE "link_issue_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_issue_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issue_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" "link_issue_event_kind" NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "link_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"outcome" "link_check_outcome" NOT NULL,
	"restore_requested_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"credit_note_id" uuid,
	"resolution" "link_issue_resolution",
	"notified_at" timestamp with time zone,
	CONSTRAINT "link_issues_credit_note_id_unique" UNIQUE("credit_note_id"),
	CONSTRAINT "link_issues_resolution_when_closed" CHECK (("link_issues"."closed_at" is null) = ("link_issues"."resolution" is null))
);
--> statement-breakpoint
CREATE TABLE "link_monitors" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"expected_rel" "expected_rel" NOT NULL,
	"guarantee_ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"ended_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"failure_streak" integer DEFAULT 0 NOT NULL,
	"last_check_id" uuid,
	"leased_until" timestamp with time zone,
	"lease_owner" text,
	"check_now_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "link_monitors_failure_streak_non_negative" CHECK ("link_monitors"."failure_streak" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "notification_preferences" SET DEFAULT '{"missing_details_reminder":true,"topic_ready_for_approval":true,"content_ready_for_approval":true,"link_published":true,"order_summary":true,"link_issues":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "demo_article_pages" ADD CONSTRAINT "demo_article_pages_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_issue_events" ADD CONSTRAINT "link_issue_events_issue_id_link_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."link_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_issues" ADD CONSTRAINT "link_issues_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_issues" ADD CONSTRAINT "link_issues_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_monitors" ADD CONSTRAINT "link_monitors_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_monitors" ADD CONSTRAINT "link_monitors_last_check_id_link_checks_id_fk" FOREIGN KEY ("last_check_id") REFERENCES "public"."link_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_checks_item_checked_idx" ON "link_checks" USING btree ("item_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "link_checks_requested_by_idx" ON "link_checks" USING btree ("requested_by","checked_at") WHERE "link_checks"."requested_by" is not null;--> statement-breakpoint
CREATE INDEX "link_issue_events_issue_idx" ON "link_issue_events" USING btree ("issue_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_issues_open_item_key" ON "link_issues" USING btree ("item_id") WHERE "link_issues"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "link_issues_item_opened_idx" ON "link_issues" USING btree ("item_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "link_monitors_due_idx" ON "link_monitors" USING btree ("next_check_at") WHERE "link_monitors"."is_active";