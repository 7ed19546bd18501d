-- An invitation keeps an id of its own in its token's data (src/features/accounts/server/invitation-queries.ts),
-- so the pending list can name it and its link can be replaced or revoked. Invitations made before get one now;
-- who made them was not recorded, and stays unknown.
UPDATE "auth_tokens" SET "data" = "data" || jsonb_build_object('invitationId', gen_random_uuid()::text)
WHERE "kind" = 'invite' AND ("data" -> 'invitationId') IS NULL;
