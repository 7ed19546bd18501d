-- A merged duplicate points at the post it was merged into.
ALTER TABLE "posts" ADD CONSTRAINT "posts_merged_into_id_posts_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "posts"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The default statuses of SPEC.md §3 (the same list as DEFAULT_STATUSES in src/features/statuses/schema.ts).
INSERT INTO "statuses" ("slug", "name", "color", "category", "position", "on_roadmap") VALUES
  ('open', 'Open', '#64748b', 'open', 0, false),
  ('under-review', 'Under review', '#0ea5e9', 'open', 1, false),
  ('planned', 'Planned', '#8b5cf6', 'planned', 2, true),
  ('in-progress', 'In progress', '#f59e0b', 'in_progress', 3, true),
  ('complete', 'Complete', '#10b981', 'done', 4, true),
  ('closed', 'Closed', '#ef4444', 'closed', 5, false)
ON CONFLICT DO NOTHING;
