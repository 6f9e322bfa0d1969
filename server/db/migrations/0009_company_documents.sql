ALTER TABLE "files" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_company_id_idx" ON "files" USING btree ("company_id") WHERE "files"."company_id" is not null;