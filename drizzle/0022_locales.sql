ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_valid" CHECK (locale in ('en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'));--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD CONSTRAINT "workspace_settings_default_locale" CHECK (default_locale in ('en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'));