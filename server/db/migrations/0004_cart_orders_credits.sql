CREATE TYPE "public"."article_topic" AS ENUM('i_will_write_my_topic', 'please_provide_me_a_topic');--> statement-breakpoint
CREATE TYPE "public"."order_item_status" AS ENUM('waiting_for_content', 'in_progress', 'processing', 'ready_for_publication', 'sent_for_publication', 'cancelled', 'live_link', 'update_link_article', 'topic_ready_for_approval', 'content_ready_for_approval');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('processing', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('bank_transfer', 'credits', 'pay_by_bill');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending_payment', 'approved', 'paid', 'refunded', 'failed', 'cancelled', 'created');--> statement-breakpoint
CREATE TYPE "public"."vat_treatment" AS ENUM('domestic', 'eu_no_vat_number', 'reverse_charge', 'outside_eu');--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"buyer_domain_id" uuid NOT NULL,
	"niche_id" uuid NOT NULL,
	"content_product_plan_id" uuid,
	"word_count" integer,
	"article_topic" "article_topic" NOT NULL,
	"is_topic_needs_approval" boolean DEFAULT false NOT NULL,
	"topic" text,
	"anchor_text" text,
	"target_url" text,
	"custom_id" uuid,
	"comments" text,
	"publishing_due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_word_count_positive" CHECK ("cart_items"."word_count" is null or "cart_items"."word_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"balance_after" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transactions_balance_after_non_negative" CHECK ("credit_transactions"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"payment_status" "payment_status" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"file_id" uuid,
	"billing_month" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_amount_non_negative" CHECK ("invoices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"position" integer NOT NULL,
	"status" "order_item_status" NOT NULL,
	"site_id" uuid,
	"site_hostname" text NOT NULL,
	"buyer_domain_id" uuid,
	"buyer_domain_hostname" text NOT NULL,
	"niche_id" uuid NOT NULL,
	"content_product_plan_id" uuid,
	"content_product_plan_title" text,
	"price" numeric(12, 2) NOT NULL,
	"content_price" numeric(12, 2) NOT NULL,
	"word_count" integer,
	"article_topic" "article_topic" NOT NULL,
	"topic" text,
	"anchor_text" text NOT NULL,
	"target_url" text NOT NULL,
	"custom_id" uuid,
	"comments" text,
	"publishing_due_date" date,
	"is_topic_needs_approval" boolean NOT NULL,
	"is_article_provided_by_buyer" boolean NOT NULL,
	"is_topic_provided_by_buyer" boolean NOT NULL,
	"is_requested_edits" boolean DEFAULT false NOT NULL,
	"live_link" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_number_unique" UNIQUE("number"),
	CONSTRAINT "order_items_price_non_negative" CHECK ("order_items"."price" >= 0 and "order_items"."content_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"po_number" text,
	"invoice_emails" text[] NOT NULL,
	"billing" jsonb NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"payment_status" "payment_status" NOT NULL,
	"status" "order_status" DEFAULT 'processing' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"vat" numeric(12, 2) NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_treatment" "vat_treatment" NOT NULL,
	"price_with_vat" numeric(12, 2) NOT NULL,
	"links_amount" integer NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_price_non_negative" CHECK ("orders"."price" >= 0 and "orders"."vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_credits_balance_non_negative";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credits_balance" numeric(12, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
-- Credits move from each account to its company: a company starts with what its accounts held.
UPDATE "companies" AS c
SET "credits_balance" = a."balance"
FROM (
  SELECT "company_id", sum("credits_balance") AS "balance" FROM "accounts" GROUP BY "company_id"
) AS a
WHERE a."company_id" = c."id";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_buyer_domain_id_buyer_domains_id_fk" FOREIGN KEY ("buyer_domain_id") REFERENCES "public"."buyer_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "public"."niches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_content_product_plan_id_content_product_plans_id_fk" FOREIGN KEY ("content_product_plan_id") REFERENCES "public"."content_product_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_buyer_domain_id_buyer_domains_id_fk" FOREIGN KEY ("buyer_domain_id") REFERENCES "public"."buyer_domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "public"."niches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_content_product_plan_id_content_product_plans_id_fk" FOREIGN KEY ("content_product_plan_id") REFERENCES "public"."content_product_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_user_seq_idx" ON "cart_items" USING btree ("user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_transactions_company_idx" ON "credit_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_billing_month_key" ON "invoices" USING btree ("company_id","billing_month") WHERE "invoices"."billing_month" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_position_key" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_payment_idx" ON "orders" USING btree ("company_id","payment_method","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "credits_balance";--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credits_balance_non_negative" CHECK ("companies"."credits_balance" >= 0);