CREATE TABLE "catalogue_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_state_single_row" CHECK ("catalogue_state"."id")
);
--> statement-breakpoint
DROP INDEX "sites_domain_rating_id_idx";--> statement-breakpoint
DROP INDEX "sites_general_price_id_idx";--> statement-breakpoint
CREATE INDEX "sites_domain_rating_id_traffic_idx" ON "sites" USING btree ("ahrefs_domain_rating" DESC NULLS LAST,"id","main_country_traffic");--> statement-breakpoint
CREATE INDEX "sites_general_price_id_covering_idx" ON "sites" USING btree ("general_price","id","ahrefs_domain_rating","link_type","sponsor_tag_type");--> statement-breakpoint
INSERT INTO "catalogue_state" ("id", "version") VALUES (true, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every statement that changes the catalogue raises its version in the same transaction, so that
-- counts kept for the old version are no longer used once the change is visible.
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sites_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sites"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "site_prices_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_prices"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
