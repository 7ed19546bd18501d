-- The default changelog labels (the same list as DEFAULT_CHANGELOG_LABELS in src/features/changelog/enums.ts).
INSERT INTO "changelog_labels" ("slug", "name", "position") VALUES
  ('new', 'New', 0),
  ('improved', 'Improved', 1),
  ('fixed', 'Fixed', 2)
ON CONFLICT DO NOTHING;
