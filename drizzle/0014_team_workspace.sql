CREATE TABLE "triage_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "triage_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "eta" date;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "eta_precision" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "impact" smallint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "effort" smallint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "priority" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "team_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "priority_weights" jsonb DEFAULT '{"votes":1,"impact":1,"effort":0.5}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "triage_views" ADD CONSTRAINT "triage_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "triage_views_user_name_key" ON "triage_views" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_priority_idx" ON "posts" USING btree ("priority" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_owner_idx" ON "posts" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_impact_range" CHECK ("posts"."impact" between 1 and 5);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_effort_range" CHECK ("posts"."effort" between 1 and 5);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_eta_complete" CHECK (("posts"."eta" is null) = ("posts"."eta_precision" is null));
--> statement-breakpoint
-- The priority formula (docs/architecture.md, "Prioritisation"): value ÷ cost, where
--   value = votes weight × log2(1 + votes) + impact weight × impact (impact not scored: 0)
--   cost  = 1 + effort weight × (effort − 1)                         (effort not scored: 3)
CREATE FUNCTION chorus_post_priority(votes integer, impact smallint, effort smallint, weights jsonb) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(
    ((coalesce((weights->>'votes')::float8, 1) * ln(1 + greatest(votes, 0)) / ln(2)
      + coalesce((weights->>'impact')::float8, 1) * coalesce(impact, 0))
     / (1 + coalesce((weights->>'effort')::float8, 0.5) * (coalesce(effort, 3) - 1)))::numeric,
    4)::float8
$$;
--> statement-breakpoint
-- Stored so that sorting by priority is an index scan; kept in the same statement as every change
-- of its inputs, whichever feature makes it (votes, merges, imports, the team's scores).
CREATE FUNCTION posts_set_priority() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.priority := chorus_post_priority(NEW.vote_count, NEW.impact, NEW.effort,
    coalesce((SELECT priority_weights FROM workspace_settings WHERE id = 1), '{}'::jsonb));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_priority BEFORE INSERT OR UPDATE OF vote_count, impact, effort ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_set_priority();
--> statement-breakpoint
UPDATE posts SET priority = chorus_post_priority(vote_count, impact, effort,
  coalesce((SELECT priority_weights FROM workspace_settings WHERE id = 1), '{}'::jsonb))
  WHERE vote_count > 0;
--> statement-breakpoint
-- The team has answered a post once it changed its status or commented in public on it.
UPDATE posts p SET team_responded_at = r.at FROM (
  SELECT post_id, min(at) AS at FROM (
    SELECT post_id, created_at AS at FROM status_changes
    UNION ALL
    SELECT c.post_id, c.created_at FROM comments c JOIN users u ON u.id = c.author_id
      WHERE u.role IN ('moderator', 'admin') AND NOT c.internal AND c.deleted_at IS NULL AND c.approval = 'approved'
  ) answers GROUP BY post_id
) r WHERE r.post_id = p.id;
