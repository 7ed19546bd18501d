CREATE TABLE "insight_days" (
	"day" date NOT NULL,
	"board_id" uuid NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_days_day_board_id_pk" PRIMARY KEY("day","board_id")
);
--> statement-breakpoint
CREATE TABLE "insight_post_votes" (
	"day" date NOT NULL,
	"post_id" uuid NOT NULL,
	"votes" integer NOT NULL,
	CONSTRAINT "insight_post_votes_day_post_id_pk" PRIMARY KEY("day","post_id")
);
--> statement-breakpoint
CREATE TABLE "insight_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status_id" uuid,
	"merged" boolean DEFAULT false NOT NULL,
	"by_team" boolean DEFAULT false NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "insight_refresh" (
	"id" smallint PRIMARY KEY NOT NULL,
	"full_at" timestamp with time zone,
	"recent_at" timestamp with time zone,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_post_votes" ADD CONSTRAINT "insight_post_votes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD CONSTRAINT "insight_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD CONSTRAINT "insight_posts_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_posts_created_idx" ON "insight_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "votes_created_idx" ON "votes" USING btree ("created_at");