CREATE TYPE "public"."company_request_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE SEQUENCE "public"."company_request_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "company_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"status" "company_request_status" DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"business_name" text NOT NULL,
	"business_type_id" uuid,
	"contact_email" text NOT NULL,
	"accounting_email" text NOT NULL,
	"accounting_phone" text,
	"country_id" uuid NOT NULL,
	"city" text NOT NULL,
	"zip_code" text NOT NULL,
	"address" text NOT NULL,
	"address_extra" text,
	"registration_number" text,
	"vat_number" text,
	"bank_name" text,
	"bank_address" text,
	"iban" text,
	"bic_swift" text,
	"additional_info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "company_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "company_requests_change_has_company" CHECK ("company_requests"."kind" = 'new_company' or "company_requests"."company_id" is not null),
	CONSTRAINT "company_requests_decided" CHECK (("company_requests"."status" = 'pending') = ("company_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "company_requests" ADD CONSTRAINT "company_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_requests" ADD CONSTRAINT "company_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_requests" ADD CONSTRAINT "company_requests_business_type_id_business_types_id_fk" FOREIGN KEY ("business_type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_requests" ADD CONSTRAINT "company_requests_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_requests_user_created_idx" ON "company_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "company_requests_pending_idx" ON "company_requests" USING btree ("created_at") WHERE "company_requests"."status" = 'pending';