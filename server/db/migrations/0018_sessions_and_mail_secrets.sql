CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"device" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Each existing refresh-token family becomes a session: ended when its newest token is revoked,
-- last used when its newest token was issued. Device and address were not recorded before.
INSERT INTO "sessions" ("id", "user_id", "created_at", "expires_at", "last_used_at", "ended_at")
SELECT DISTINCT ON ("family_id") "family_id", "user_id", "family_created_at",
	"family_created_at" + interval '30 days', "created_at", "revoked_at"
FROM "refresh_tokens"
ORDER BY "family_id", "created_at" DESC;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Mail secrets (decision 170): a sent or abandoned mail keeps only its address and subject.
UPDATE "jobs" SET "payload" = "payload" - 'text'
WHERE "kind" = 'mail' AND "status" IN ('completed', 'failed') AND "payload" ? 'text';--> statement-breakpoint
-- A mail still waiting with a one-time link in clear is dropped (the link can be asked for again);
-- other waiting mail holds no secret and is sent as it is.
DELETE FROM "jobs"
WHERE "kind" = 'mail' AND "status" IN ('pending', 'processing') AND "payload"->>'text' LIKE '%?token=%';
