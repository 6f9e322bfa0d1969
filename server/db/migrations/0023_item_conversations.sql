CREATE TABLE "item_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "item_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event" text,
	"side" text NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"attachment_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_messages_kind_check" CHECK ("item_messages"."kind" in ('message', 'event')),
	CONSTRAINT "item_messages_side_check" CHECK ("item_messages"."side" in ('buyer', 'publisher', 'platform')),
	CONSTRAINT "item_messages_event_check" CHECK (("item_messages"."kind" = 'event') = ("item_messages"."event" is not null))
);
--> statement-breakpoint
CREATE TABLE "item_thread_mails" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"mailed_seq" bigint NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_thread_publisher_reads" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"read_seq" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_thread_reads" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"read_seq" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_thread_reads_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_messages" ADD CONSTRAINT "item_messages_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_messages" ADD CONSTRAINT "item_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_messages" ADD CONSTRAINT "item_messages_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_thread_mails" ADD CONSTRAINT "item_thread_mails_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_thread_publisher_reads" ADD CONSTRAINT "item_thread_publisher_reads_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_thread_reads" ADD CONSTRAINT "item_thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_thread_reads" ADD CONSTRAINT "item_thread_reads_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_messages_item_id_seq_idx" ON "item_messages" USING btree ("item_id","seq");--> statement-breakpoint
CREATE INDEX "item_thread_reads_item_id_idx" ON "item_thread_reads" USING btree ("item_id");