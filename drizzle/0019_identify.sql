CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"monthly_revenue_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_monthly_revenue_cents_valid" CHECK ("companies"."monthly_revenue_cents" is null or "companies"."monthly_revenue_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "identify_token_uses" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_external_id_key" ON "companies" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "identify_token_uses_expires_idx" ON "identify_token_uses" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id") WHERE "users"."company_id" is not null;