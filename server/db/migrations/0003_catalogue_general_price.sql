ALTER TABLE "sites" ADD COLUMN "general_price" numeric(12, 2);--> statement-breakpoint
-- Backfill: every site's General-niche price from site_prices.
UPDATE "sites" AS s
SET "general_price" = p."price"
FROM "site_prices" AS p
JOIN "niches" AS n ON n."id" = p."niche_id" AND n."slug" = 'general'
WHERE p."site_id" = s."id";--> statement-breakpoint
CREATE INDEX "sites_general_price_id_idx" ON "sites" USING btree ("general_price","id");--> statement-breakpoint
-- Keeps sites.general_price equal to the site's General row in site_prices, whoever writes the
-- prices. Statement-level, so a bulk write costs one join, and a write that already set the
-- column (the bulk seed) changes no site row.
CREATE FUNCTION "sync_site_general_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "sites" AS s
    SET "general_price" = c."price"
    FROM "new_rows" AS c
    JOIN "niches" AS n ON n."id" = c."niche_id" AND n."slug" = 'general'
    WHERE s."id" = c."site_id" AND s."general_price" IS DISTINCT FROM c."price";
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- A General row that went away (deleted, or moved to another site or niche).
    UPDATE "sites" AS s
    SET "general_price" = (
      SELECT p."price" FROM "site_prices" AS p WHERE p."site_id" = s."id" AND p."niche_id" = n."id"
    )
    FROM "old_rows" AS o
    JOIN "niches" AS n ON n."id" = o."niche_id" AND n."slug" = 'general'
    WHERE s."id" = o."site_id"
      AND NOT EXISTS (
        SELECT 1 FROM "site_prices" AS p WHERE p."site_id" = o."site_id" AND p."niche_id" = o."niche_id"
      );
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "site_prices_general_price_sync_insert" AFTER INSERT ON "site_prices"
REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "sync_site_general_price"();--> statement-breakpoint
CREATE TRIGGER "site_prices_general_price_sync_update" AFTER UPDATE ON "site_prices"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "sync_site_general_price"();--> statement-breakpoint
CREATE TRIGGER "site_prices_general_price_sync_delete" AFTER DELETE ON "site_prices"
REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "sync_site_general_price"();
