CREATE TABLE "triage_counts" (
	"tag_id" uuid,
	"board_id" uuid NOT NULL,
	"status_id" uuid,
	"approval" text NOT NULL,
	"responded" boolean NOT NULL,
	"owner_id" uuid,
	"posts" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "posts_votes_idx" ON "posts" USING btree ("vote_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_unapproved_idx" ON "posts" USING btree ("created_at") WHERE "posts"."approval" <> 'approved';
--> statement-breakpoint
-- Derived data (src/server/backup/logical.ts leaves such tables out of backups; a restore
-- rebuilds this one through the triggers below as it loads posts and post_tags).
COMMENT ON TABLE "triage_counts" IS 'chorus:derived from posts and post_tags by triggers';
--> statement-breakpoint
-- The triage facet counts (docs/architecture.md, "Triage"). A change of a live post's facets
-- appends -1 for its old key and +1 for its new one, for the post (tag_id null) and for each of
-- its tags. A post is live while it is neither deleted nor merged. Deletion: BEFORE, so that
-- its tags are still there (their own trigger then finds no post and adds nothing).
CREATE FUNCTION triage_counts_post_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL AND OLD.merged_into_id IS NULL THEN
    INSERT INTO triage_counts (tag_id, board_id, status_id, approval, responded, owner_id, posts)
    SELECT t.tag_id, OLD.board_id, OLD.status_id, OLD.approval, OLD.team_responded_at IS NOT NULL, OLD.owner_id, -1
    FROM (SELECT NULL::uuid AS tag_id UNION ALL SELECT pt.tag_id FROM post_tags pt WHERE pt.post_id = OLD.id) t;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.deleted_at IS NULL AND NEW.merged_into_id IS NULL THEN
    INSERT INTO triage_counts (tag_id, board_id, status_id, approval, responded, owner_id, posts)
    SELECT t.tag_id, NEW.board_id, NEW.status_id, NEW.approval, NEW.team_responded_at IS NOT NULL, NEW.owner_id, 1
    FROM (SELECT NULL::uuid AS tag_id UNION ALL SELECT pt.tag_id FROM post_tags pt WHERE pt.post_id = NEW.id) t;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- New posts, one row per key for the whole statement (the demo seed inserts thousands at once).
CREATE FUNCTION triage_counts_post_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO triage_counts (tag_id, board_id, status_id, approval, responded, owner_id, posts)
  SELECT NULL, n.board_id, n.status_id, n.approval, n.team_responded_at IS NOT NULL, n.owner_id, count(*)::int
  FROM new_rows n WHERE n.deleted_at IS NULL AND n.merged_into_id IS NULL
  GROUP BY n.board_id, n.status_id, n.approval, n.team_responded_at IS NOT NULL, n.owner_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Tags added to or taken from live posts. The posts are locked first, as a change of the post
-- itself locks it: a concurrent change of a post's facets then either sees these tags (after
-- this commits) or is seen by the query below (which runs after it committed), never neither.
CREATE FUNCTION triage_counts_post_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM posts p WHERE p.id IN (SELECT n.post_id FROM new_rows n) ORDER BY p.id FOR NO KEY UPDATE;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM posts p WHERE p.id IN (SELECT o.post_id FROM old_rows o) ORDER BY p.id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM posts p WHERE p.id IN (SELECT n.post_id FROM new_rows n UNION SELECT o.post_id FROM old_rows o)
      ORDER BY p.id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO triage_counts (tag_id, board_id, status_id, approval, responded, owner_id, posts)
    SELECT o.tag_id, p.board_id, p.status_id, p.approval, p.team_responded_at IS NOT NULL, p.owner_id, -count(*)::int
    FROM old_rows o JOIN posts p ON p.id = o.post_id WHERE p.deleted_at IS NULL AND p.merged_into_id IS NULL
    GROUP BY o.tag_id, p.board_id, p.status_id, p.approval, p.team_responded_at IS NOT NULL, p.owner_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO triage_counts (tag_id, board_id, status_id, approval, responded, owner_id, posts)
    SELECT n.tag_id, p.board_id, p.status_id, p.approval, p.team_responded_at IS NOT NULL, p.owner_id, count(*)::int
    FROM new_rows n JOIN posts p ON p.id = n.post_id WHERE p.deleted_at IS NULL AND p.merged_into_id IS NULL
    GROUP BY n.tag_id, p.board_id, p.status_id, p.approval, p.team_responded_at IS NOT NULL, p.owner_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION triage_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    DELETE FROM triage_counts;
  ELSE
    DELETE FROM triage_counts WHERE tag_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER triage_counts_post_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION triage_counts_post_insert();
--> statement-breakpoint
CREATE TRIGGER triage_counts_post_update AFTER UPDATE OF board_id, status_id, approval, team_responded_at, owner_id, deleted_at, merged_into_id ON posts
  FOR EACH ROW WHEN (
    OLD.board_id IS DISTINCT FROM NEW.board_id OR OLD.status_id IS DISTINCT FROM NEW.status_id
    OR OLD.approval IS DISTINCT FROM NEW.approval OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
    OR (OLD.team_responded_at IS NULL) <> (NEW.team_responded_at IS NULL)
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR (OLD.merged_into_id IS NULL) <> (NEW.merged_into_id IS NULL)
  ) EXECUTE FUNCTION triage_counts_post_row();
--> statement-breakpoint
CREATE TRIGGER triage_counts_post_delete BEFORE DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION triage_counts_post_row();
--> statement-breakpoint
CREATE TRIGGER triage_counts_post_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION triage_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER triage_counts_tags_insert AFTER INSERT ON post_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION triage_counts_post_tags();
--> statement-breakpoint
CREATE TRIGGER triage_counts_tags_update AFTER UPDATE ON post_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION triage_counts_post_tags();
--> statement-breakpoint
CREATE TRIGGER triage_counts_tags_delete AFTER DELETE ON post_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION triage_counts_post_tags();
--> statement-breakpoint
CREATE TRIGGER triage_counts_tags_truncate AFTER TRUNCATE ON post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION triage_counts_truncate();
--> statement-breakpoint
-- The posts there are now (the triggers above already hold every concurrent change back until
-- this migration commits).
INSERT INTO triage_counts (tag_id, board_id, status_id, approval, responded, owner_id, posts)
SELECT NULL, board_id, status_id, approval, team_responded_at IS NOT NULL, owner_id, count(*)::int
FROM posts WHERE deleted_at IS NULL AND merged_into_id IS NULL
GROUP BY board_id, status_id, approval, team_responded_at IS NOT NULL, owner_id;
--> statement-breakpoint
INSERT INTO triage_counts (tag_id, board_id, status_id, approval, responded, owner_id, posts)
SELECT pt.tag_id, p.board_id, p.status_id, p.approval, p.team_responded_at IS NOT NULL, p.owner_id, count(*)::int
FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE p.deleted_at IS NULL AND p.merged_into_id IS NULL
GROUP BY pt.tag_id, p.board_id, p.status_id, p.approval, p.team_responded_at IS NOT NULL, p.owner_id;
