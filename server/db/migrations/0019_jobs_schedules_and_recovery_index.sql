CREATE TABLE "schedules" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_slot" timestamp with time zone NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_processing_idx" ON "jobs" USING btree ("updated_at") WHERE "jobs"."status" = 'processing';