CREATE TABLE "company_blacklisted_sites" (
	"company_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"marked_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_blacklisted_sites_company_id_site_id_pk" PRIMARY KEY("company_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "company_favorite_sites" (
	"company_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"marked_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_favorite_sites_company_id_site_id_pk" PRIMARY KEY("company_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "company_blacklisted_sites" ADD CONSTRAINT "company_blacklisted_sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_blacklisted_sites" ADD CONSTRAINT "company_blacklisted_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_blacklisted_sites" ADD CONSTRAINT "company_blacklisted_sites_marked_by_user_id_users_id_fk" FOREIGN KEY ("marked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_favorite_sites" ADD CONSTRAINT "company_favorite_sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_favorite_sites" ADD CONSTRAINT "company_favorite_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_favorite_sites" ADD CONSTRAINT "company_favorite_sites_marked_by_user_id_users_id_fk" FOREIGN KEY ("marked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_blacklisted_sites_site_id_idx" ON "company_blacklisted_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "company_favorite_sites_site_id_idx" ON "company_favorite_sites" USING btree ("site_id");