CREATE TABLE "missing_details_reminders" (
	"user_id" uuid NOT NULL,
	"reminded_on" date NOT NULL,
	"item_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missing_details_reminders_user_id_reminded_on_pk" PRIMARY KEY("user_id","reminded_on")
);
--> statement-breakpoint
ALTER TABLE "missing_details_reminders" ADD CONSTRAINT "missing_details_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;