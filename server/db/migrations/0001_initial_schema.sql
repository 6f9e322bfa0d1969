CREATE TYPE "public"."company_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."import_status" AS ENUM('pending', 'success', 'failed');--> statement-breakpoint
CREATE TYPE "public"."link_type" AS ENUM('do_follow', 'no_follow');--> statement-breakpoint
CREATE TYPE "public"."login_failure_scope" AS ENUM('account', 'address');--> statement-breakpoint
CREATE TYPE "public"."sponsor_tag_type" AS ENUM('rel_sponsored', 'image_tag', 'no_tag', 'marked_by_wm');--> statement-breakpoint
CREATE TYPE "public"."user_token_purpose" AS ENUM('registration_confirmation', 'password_reset');--> statement-breakpoint
CREATE TABLE "business_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "business_types_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "content_product_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_words_amount" integer,
	"max_words_amount" integer,
	"is_max_words_amount_exceed_allowed" boolean DEFAULT false NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "content_product_plans_slug_unique" UNIQUE("slug"),
	CONSTRAINT "content_product_plans_price_non_negative" CHECK ("content_product_plans"."price" >= 0),
	CONSTRAINT "content_product_plans_words_range" CHECK ("content_product_plans"."min_words_amount" is null or "content_product_plans"."max_words_amount" is null or "content_product_plans"."min_words_amount" <= "content_product_plans"."max_words_amount")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iso_code" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "countries_iso_code_unique" UNIQUE("iso_code"),
	CONSTRAINT "countries_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "domain_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "domain_languages_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "niches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "niches_slug_unique" UNIQUE("slug"),
	CONSTRAINT "niches_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "site_placement_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"months" integer,
	"position" integer NOT NULL,
	CONSTRAINT "site_placement_periods_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "top_level_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "top_level_domains_title_unique" UNIQUE("title"),
	CONSTRAINT "top_level_domains_title_dot" CHECK ("top_level_domains"."title" like '.%')
);
--> statement-breakpoint
CREATE TABLE "website_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "website_topics_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"credit_limit" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"credits_balance" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_credit_limit_non_negative" CHECK ("accounts"."credit_limit" >= 0),
	CONSTRAINT "accounts_credits_balance_non_negative" CHECK ("accounts"."credits_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_name" text NOT NULL,
	"business_type_id" uuid,
	"contact_email" text,
	"country_id" uuid,
	"city" text,
	"zip_code" text,
	"address" text,
	"address_extra" text,
	"accounting_email" text,
	"accounting_phone" text,
	"registration_number" text,
	"vat_number" text,
	"bank_name" text,
	"bank_address" text,
	"iban" text,
	"bic_swift" text,
	"additional_info" text,
	"is_pay_by_bill_allowed" boolean DEFAULT false NOT NULL,
	"bill_limit" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"status" "company_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_bill_limit_non_negative" CHECK ("companies"."bill_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"is_newsletter_subscribed" boolean DEFAULT false NOT NULL,
	"avatar_file_id" uuid,
	"notification_preferences" jsonb DEFAULT '{"missing_details_reminder":true,"topic_ready_for_approval":true,"content_ready_for_approval":true,"link_published":true,"order_summary":true}'::jsonb NOT NULL,
	"is_allowed_to_export_sites" boolean DEFAULT false NOT NULL,
	"sales_manager_id" uuid,
	"account_manager_id" uuid,
	"is_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"storage_path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_path_unique" UNIQUE("storage_path"),
	CONSTRAINT "files_size_non_negative" CHECK ("files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "buyer_domain_referents" (
	"buyer_domain_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	CONSTRAINT "buyer_domain_referents_buyer_domain_id_hostname_pk" PRIMARY KEY("buyer_domain_id","hostname")
);
--> statement-breakpoint
CREATE TABLE "buyer_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	"referents_file_id" uuid,
	"referents_import_status" "import_status",
	"referents_import_errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_domain_id" uuid NOT NULL,
	"name" text NOT NULL,
	"competitors_file_id" uuid,
	"competitors_import_status" "import_status",
	"competitors_import_errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_referents" (
	"competitor_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	CONSTRAINT "competitor_referents_competitor_id_hostname_pk" PRIMARY KEY("competitor_id","hostname")
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"hostname" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scope" "login_failure_scope" NOT NULL,
	"subject" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"family_created_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "user_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "site_prices" (
	"site_id" uuid NOT NULL,
	"niche_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "site_prices_site_id_niche_id_pk" PRIMARY KEY("site_id","niche_id"),
	CONSTRAINT "site_prices_price_non_negative" CHECK ("site_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hostname" text NOT NULL,
	"ahrefs_domain_rating" smallint NOT NULL,
	"ahrefs_referring_domains" integer NOT NULL,
	"ahrefs_organic_traffic" integer NOT NULL,
	"ahrefs_url_rating" smallint NOT NULL,
	"ahrefs_keywords_top3" integer NOT NULL,
	"ahrefs_keywords410" integer NOT NULL,
	"ahrefs_keywords_top10" integer NOT NULL,
	"majestic_citation_flow" smallint NOT NULL,
	"majestic_trust_flow" smallint NOT NULL,
	"moz_spam_score" smallint NOT NULL,
	"moz_domain_authority" smallint NOT NULL,
	"semrush_authority_score" smallint NOT NULL,
	"tf_cf" numeric(10, 4),
	"rd_ot" numeric(14, 4),
	"ip_address" "inet",
	"sponsor_tag_type" "sponsor_tag_type" NOT NULL,
	"link_type" "link_type" NOT NULL,
	"main_country_id" uuid,
	"main_country_traffic" integer NOT NULL,
	"domain_language" text,
	"website_topic" text,
	"tld" text NOT NULL,
	"placement_period_id" uuid,
	"last_placement_at" date,
	"updated_at" date NOT NULL,
	"relevance_at" date,
	"comments" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_hostname_unique" UNIQUE("hostname"),
	CONSTRAINT "sites_domain_rating_range" CHECK ("sites"."ahrefs_domain_rating" between 0 and 100),
	CONSTRAINT "sites_url_rating_range" CHECK ("sites"."ahrefs_url_rating" between 0 and 100),
	CONSTRAINT "sites_spam_score_range" CHECK ("sites"."moz_spam_score" between 0 and 100),
	CONSTRAINT "sites_authority_score_range" CHECK ("sites"."semrush_authority_score" between 0 and 100),
	CONSTRAINT "sites_main_country_traffic_non_negative" CHECK ("sites"."main_country_traffic" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_business_type_id_business_types_id_fk" FOREIGN KEY ("business_type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sales_manager_id_users_id_fk" FOREIGN KEY ("sales_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_domain_referents" ADD CONSTRAINT "buyer_domain_referents_buyer_domain_id_buyer_domains_id_fk" FOREIGN KEY ("buyer_domain_id") REFERENCES "public"."buyer_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_domains" ADD CONSTRAINT "buyer_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_domains" ADD CONSTRAINT "buyer_domains_referents_file_id_files_id_fk" FOREIGN KEY ("referents_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_groups" ADD CONSTRAINT "competitor_groups_buyer_domain_id_buyer_domains_id_fk" FOREIGN KEY ("buyer_domain_id") REFERENCES "public"."buyer_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_groups" ADD CONSTRAINT "competitor_groups_competitors_file_id_files_id_fk" FOREIGN KEY ("competitors_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_referents" ADD CONSTRAINT "competitor_referents_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_group_id_competitor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."competitor_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_prices" ADD CONSTRAINT "site_prices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_prices" ADD CONSTRAINT "site_prices_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "public"."niches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_main_country_id_countries_id_fk" FOREIGN KEY ("main_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_domain_language_domain_languages_title_fk" FOREIGN KEY ("domain_language") REFERENCES "public"."domain_languages"("title") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_website_topic_website_topics_title_fk" FOREIGN KEY ("website_topic") REFERENCES "public"."website_topics"("title") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_tld_top_level_domains_title_fk" FOREIGN KEY ("tld") REFERENCES "public"."top_level_domains"("title") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_placement_period_id_site_placement_periods_id_fk" FOREIGN KEY ("placement_period_id") REFERENCES "public"."site_placement_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_company_key" ON "accounts" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_one_current_per_user" ON "accounts" USING btree ("user_id") WHERE "accounts"."is_current";--> statement-breakpoint
CREATE INDEX "accounts_company_id_idx" ON "accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "files_owner_user_id_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "buyer_domain_referents_hostname_idx" ON "buyer_domain_referents" USING btree ("hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_domains_user_hostname_key" ON "buyer_domains" USING btree ("user_id","hostname");--> statement-breakpoint
CREATE INDEX "competitor_groups_buyer_domain_id_idx" ON "competitor_groups" USING btree ("buyer_domain_id");--> statement-breakpoint
CREATE INDEX "competitor_referents_hostname_idx" ON "competitor_referents" USING btree ("hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "competitors_group_hostname_key" ON "competitors" USING btree ("group_id","hostname");--> statement-breakpoint
CREATE INDEX "login_failures_scope_subject_failed_at_idx" ON "login_failures" USING btree ("scope","subject","failed_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "site_prices_niche_price_idx" ON "site_prices" USING btree ("niche_id","price");--> statement-breakpoint
CREATE INDEX "sites_domain_rating_traffic_idx" ON "sites" USING btree ("ahrefs_domain_rating" DESC NULLS LAST,"main_country_traffic");--> statement-breakpoint
CREATE INDEX "sites_main_country_traffic_idx" ON "sites" USING btree ("main_country_traffic" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sites_main_country_id_idx" ON "sites" USING btree ("main_country_id");--> statement-breakpoint
CREATE INDEX "sites_hostname_trgm_idx" ON "sites" USING gin ("hostname" gin_trgm_ops);