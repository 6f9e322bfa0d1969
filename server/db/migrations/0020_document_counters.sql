CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_value" bigint NOT NULL,
	CONSTRAINT "document_counters_series" CHECK ("document_counters"."series" in ('INV', 'CN')),
	CONSTRAINT "document_counters_last_value_non_negative" CHECK ("document_counters"."last_value" >= 0)
);
--> statement-breakpoint
-- Each series continues after its highest number issued (decision 196): "INV-2026-000123" is 123,
-- a number of before decision 167, "INV-100006", is 6 (its sequence value less 100000). A number
-- the sequence drew after the highest one but no document kept is issued now: no gap at the end.
INSERT INTO "document_counters" ("series", "last_value")
SELECT "series", coalesce(max(
	CASE
		WHEN "number" ~ '^[A-Z]+-[0-9]{4}-[0-9]+$' THEN split_part("number", '-', 3)::bigint
		WHEN "number" ~ '^[A-Z]+-[0-9]+$' THEN split_part("number", '-', 2)::bigint - 100000
	END
), 0)
FROM (
	SELECT 'INV' AS "series", NULL::text AS "number"
	UNION ALL SELECT 'CN', NULL
	UNION ALL SELECT 'INV', "number" FROM "invoices"
	UNION ALL SELECT 'CN', "number" FROM "credit_notes"
) AS "issued"
GROUP BY "series";--> statement-breakpoint
DROP SEQUENCE "public"."credit_note_number_seq";--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";
