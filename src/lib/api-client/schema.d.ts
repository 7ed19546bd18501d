/**
 * Generated from the OpenAPI document by `npm run api:client` (openapi-typescript). Do not edit.
 */

export interface paths {
    "/api/v1/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API keys
         * @description Every key, newest first, with its public prefix, scope, creator, last use and revocation. Secrets are never listed.
         */
        get: operations["getAdminApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Answers the key with `secret`, the whole key: the only time it is shown (only its SHA-256 is stored). Only a signed-in admin can create keys; a key cannot.
         */
        post: operations["postAdminApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once, on every instance. It stays in the list, marked revoked. Revoking twice is harmless.
         */
        delete: operations["deleteAdminApiKeysId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/branding/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the logo or favicon
         * @description The request body is the image file (at most 5 MiB; PNG, JPEG, GIF or WebP, recognised by its content). The logo is kept at most 1024 px and shown 96 px high; the favicon as 32 px and 180 px squares (PNG). It replaces the previous one, which is deleted.
         */
        put: operations["putAdminBrandingAsset"];
        post?: never;
        /** Remove the logo or favicon */
        delete: operations["deleteAdminBrandingAsset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/changelog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every changelog entry: drafts (and scheduled) first, then published */
        get: operations["getAdminChangelog"];
        put?: never;
        /** Write a draft entry */
        post: operations["postAdminChangelog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/changelog/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One entry, as the team edits it */
        get: operations["getAdminChangelogId"];
        put?: never;
        post?: never;
        /** Delete an entry */
        delete: operations["deleteAdminChangelogId"];
        options?: never;
        head?: never;
        /** Change an entry (title, text, label, linked posts, the status its posts move to) */
        patch: operations["patchAdminChangelogId"];
        trace?: never;
    };
    "/api/v1/admin/changelog/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish now
         * @description Moves the linked posts to the entry’s done-category status when it names one, and notifies. Publishing a published entry does nothing.
         */
        post: operations["postAdminChangelogIdPublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/changelog/{id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Schedule the publication of a draft */
        put: operations["putAdminChangelogIdSchedule"];
        post?: never;
        /** Withdraw a scheduled publication */
        delete: operations["deleteAdminChangelogIdSchedule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/changelog/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unpublish (back to draft) */
        post: operations["postAdminChangelogIdUnpublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/changelog/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The changelog labels */
        get: operations["getAdminChangelogLabels"];
        put?: never;
        /** Add a changelog label */
        post: operations["postAdminChangelogLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/email-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Email delivery status
         * @description `smtpConfigured` is false when no SMTP server is set (SMTP_URL): nothing leaves, and `waiting` emails sit in the outbox.
         */
        get: operations["getAdminEmailStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the workspace
         * @description The whole workspace as one JSON file (chorus.workspace-export v1): settings, members without secrets, statuses, tags, boards, posts, votes, comments, status history, subscriptions and the changelog.
         */
        get: operations["getAdminExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/identify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the identify set-up
         * @description Whether an identify secret exists and since when, and the audience, algorithm and lifetime tokens must have.
         */
        get: operations["getAdminIdentify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/identify/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or replace the identify secret
         * @description Answers the new secret; this is the only time it is shown. Tokens signed with the previous secret are refused from now on.
         */
        post: operations["postAdminIdentifySecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a workspace export, or Canny / Fider CSV files
         * @description Every row is checked before anything is written; a bad row refuses the whole import (422, `fields` names each row and why). A Chorus export goes only into a workspace without posts.
         */
        post: operations["postAdminImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Insights: activity per week, status distribution, top requests, first response, active boards
         * @description Counts every board, private ones included. Days and weeks are UTC, weeks start on Monday. period is 30d (default), 90d, 12m or custom with from and to (YYYY-MM-DD, at most 731 days).
         */
        get: operations["getAdminInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAdminOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAdminSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["patchAdminSettings"];
        trace?: never;
    };
    "/api/v1/admin/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Single sign-on settings
         * @description The configured providers (never their client secrets), the redirect URIs to register, and whether password sign-in is on.
         */
        get: operations["getAdminSso"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn password sign-in on or off
         * @description Off means single sign-on only. Refused (409) unless the admin asking has signed in through an enabled provider. CHORUS_FORCE_PASSWORD_SIGN_IN=1 in the environment turns it back on whatever is stored (recovery).
         */
        patch: operations["patchAdminSso"];
        trace?: never;
    };
    "/api/v1/admin/sso/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Configure a single sign-on provider
         * @description oidc needs `issuer` (discovery); google and github have theirs. The client secret is encrypted with CHORUS_SECRET_KEY and never answered; leave it out to keep the stored one. 409 when CHORUS_SECRET_KEY is not set, or when disabling the last enabled provider while password sign-in is off.
         */
        put: operations["putAdminSsoProvider"];
        post?: never;
        /**
         * Remove a single sign-on provider
         * @description Accounts that signed in through it keep working with any other way they have. 409 while it is the last one and password sign-in is off.
         */
        delete: operations["deleteAdminSsoProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAdminWebhooks"];
        put?: never;
        post: operations["postAdminWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAdminWebhooksId"];
        put?: never;
        post?: never;
        delete: operations["deleteAdminWebhooksId"];
        options?: never;
        head?: never;
        patch: operations["patchAdminWebhooksId"];
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAdminWebhooksIdAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}/deliveries/{delivery}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postAdminWebhooksIdDeliveriesDeliveryRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postAdminWebhooksIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postAdminWebhooksIdSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postAdminWebhooksIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description The request body is the image file itself (at most 5 MiB; PNG, JPEG, GIF or WebP, recognised by its content). Metadata is stripped and a web-sized copy made. Answers the attachment with the Markdown that shows it; it is visible only to its uploader until a post or comment that shows it is saved, then with that post; if none does within a day it is deleted.
         */
        post: operations["postAttachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attachments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An uploaded image
         * @description The image bytes (not JSON), as the caller may see them: with the post (and comment) that shows it, or only by its uploader while no saved text shows it. Anything else is 404. The stored copy, metadata stripped.
         */
        get: operations["getAttachmentsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attachments/{id}/web": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An uploaded image, web-sized
         * @description The image bytes (not JSON), as the caller may see them: with the post (and comment) that shows it, or only by its uploader while no saved text shows it. Anything else is 404. WebP, at most 1600 px a side.
         */
        get: operations["getAttachmentsIdWeb"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description Answers `check-email` when the workspace sends email, or `ask-admin` when it has no SMTP server configured (the email then waits in the outbox for an admin). FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md).
         */
        post: operations["postAuthForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/identify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an identify token
         * @description The token is a JWT the host product signs with the workspace identify secret (HS256, `aud` the board’s public URL, at most 10 minutes between `iat` and `exp`, a `jti` used once; see docs/identify.md). The person is found by external id, then by email, or created as a member without a password; their company is recorded. TOKEN_INVALID names what is wrong with the token; NOT_FOUND when no identify secret exists; FORBIDDEN for a team member’s address or one linked to another external id.
         */
        post: operations["postAuthIdentify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a sign-in link
         * @description Answers `check-email` when the workspace sends email, or `ask-admin` when it has no SMTP server configured (the email then waits in the outbox for an admin). FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md).
         */
        post: operations["postAuthMagicLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/magic-link/consume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an emailed link
         * @description Signs this browser in. `passwordCleared: true` when the address was confirmed for the first time by someone other than the browser that set the account's password: that password was removed and every other session ended. FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md).
         */
        post: operations["postAuthMagicLinkConsume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Sets the new password and signs this browser in. FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md). */
        post: operations["postAuthResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a password
         * @description FORBIDDEN when the address is not confirmed yet and the workspace requires it (a new confirmation link is queued), or while the workspace signs in through single sign-on only (docs/sso.md).
         */
        post: operations["postAuthSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postAuthSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description 202 with the same answer whether or not the address has an account, when the workspace requires a confirmed email (the account is created, or its owner told, in the background). Answers `check-email` when the workspace sends email, or `ask-admin` when it has no SMTP server configured (the email then waits in the outbox for an admin). 201 `signed-in` with a valid invitation, or when the workspace does not require a confirmed email; an address that has an account is then 409.
         */
        post: operations["postAuthSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start signing in through a single sign-on provider
         * @description Answers the provider’s authorization URL (authorization code with PKCE, state and, for OpenID Connect, a nonce) and sets a short-lived httpOnly cookie that binds the round trip to this browser. The browser then goes to `url`; the provider sends it back to /login/sso/{provider}, which signs it in. 404 when the provider is not set up.
         */
        post: operations["postAuthSsoProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an email address from its emailed link
         * @description Signs this browser in. `passwordCleared: true` when the address was confirmed for the first time by someone other than the browser that set the account's password: that password was removed and every other session ended.
         */
        post: operations["postAuthVerifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/boards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the boards you may see
         * @description In position order, each with its count of visible, unmerged posts; archived boards are flagged. Private boards appear to the team and to the members they are granted to.
         */
        get: operations["getBoards"];
        put?: never;
        /**
         * Create a board
         * @description Slugs are unique and not reserved words; a private board is seen by the team and the granted members.
         */
        post: operations["postBoards"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/boards/{board}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a board
         * @description A board you may not see answers 404. Admins also receive its granted members.
         */
        get: operations["getBoardsBoard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a board
         * @description Any of name, slug, description, visibility, posting, grantedUserIds (replaces the list) and archived.
         */
        patch: operations["patchBoardsBoard"];
        trace?: never;
    };
    "/api/v1/boards/{board}/mention-suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * People to mention in a new post on a board
         * @description Up to 8 members of the team (who see every board) whose display name (or a word of it) starts with `q`.
         */
        get: operations["getBoardsBoardMentionSuggestions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/boards/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reorder the boards
         * @description The listed boards take the given order, in the places they held; boards not listed keep theirs.
         */
        post: operations["postBoardsReorder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/branding/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The logo or favicon
         * @description The image bytes: the logo 96 px high, or the favicon at 32 px (PNG). Public.
         */
        get: operations["getBrandingId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/branding/{id}/large": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The logo or favicon, large
         * @description The image bytes: the logo at most 1024 px, or the favicon at 180 px (PNG). Public.
         */
        get: operations["getBrandingIdLarge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/changelog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Published changelog entries, newest first
         * @description Filter by label slug with `label`; page with `cursor` and `limit`. Linked posts are listed only where the caller may see them.
         */
        get: operations["getChangelog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/changelog/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One published changelog entry */
        get: operations["getChangelogSlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/changelog/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether you follow the changelog */
        get: operations["getChangelogSubscription"];
        /** Follow the changelog (emails and notifications when entries are published) */
        put: operations["putChangelogSubscription"];
        post?: never;
        /** Stop following the changelog */
        delete: operations["deleteChangelogSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteCommentsId"];
        options?: never;
        head?: never;
        patch: operations["patchCommentsId"];
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live updates (server-sent events)
         * @description A text/event-stream of small signals (votes, post, comment) about the posts this reader may see, for one topic: post=<number>, board=<slug> or roadmap=1. Each event has an id; a reconnect with Last-Event-ID resumes, or gets an event "refetch". A comment line every 20 s keeps proxies from closing an idle stream.
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/markdown/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postMarkdownPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete: operations["deleteMe"];
        options?: never;
        head?: never;
        patch: operations["patchMe"];
        trace?: never;
    };
    "/api/v1/me/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postMeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getMeExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/locale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["putMeLocale"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notification-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notification preferences
         * @description Every event kind you can receive, on each channel (`email`, `in_app`), with its setting (your choice or the default).
         */
        get: operations["getMeNotificationPreferences"];
        /**
         * Change notification preferences
         * @description Sets the listed kind × channel pairs; the others keep their setting.
         */
        put: operations["putMeNotificationPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notifications
         * @description Newest first, cursor pages (`?cursor=&limit=`, `unread=1` for unread only); `unread` is the count for the bell.
         */
        get: operations["getMeNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a notification read */
        post: operations["postMeNotificationsIdRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notifications/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark all notifications read */
        post: operations["postMeNotificationsReadAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your unread notification count */
        get: operations["getMeNotificationsUnreadCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postMePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["patchMembersId"];
        trace?: never;
    };
    "/api/v1/members/{id}/ban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban a person
         * @description Moderators ban members only; admins ban anyone but themselves. Ends all of their sessions; they then get 403 ACCOUNT_BANNED on sign-in. 403 for oneself and for a moderator banning a moderator or an admin; 409 LAST_ADMIN for the last active admin. Banning a banned person changes nothing.
         */
        post: operations["postMembersIdBan"];
        /**
         * Lift a ban
         * @description The same rule as banning: moderators unban members only; admins anyone but themselves. Unbanning someone who is not banned changes nothing.
         */
        delete: operations["deleteMembersIdBan"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a member's email address as confirmed
         * @description For a workspace that cannot send email, or a person whose confirmation email never arrived. The person keeps the password chosen at sign-up. Idempotent.
         */
        post: operations["postMembersIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 document of this API */
        get: operations["getOpenapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts
         * @description Posts of every board you may see, or of one (board=), 20 at a time (limit up to 100). sort: trending (pinned first on a board), top, new, updated; a search (q=, web-search syntax) without a sort is ordered by relevance and carries highlight runs. status= is a status slug, tag= a tag name. Pass nextCursor as cursor= for the next page.
         */
        get: operations["getPosts"];
        put?: never;
        post: operations["postPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getPostsNumber"];
        put?: never;
        post?: never;
        delete: operations["deletePostsNumber"];
        options?: never;
        head?: never;
        patch: operations["patchPostsNumber"];
        trace?: never;
    };
    "/api/v1/posts/{number}/approval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postPostsNumberApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getPostsNumberComments"];
        put?: never;
        post: operations["postPostsNumberComments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/mention-suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * People to mention in a post or comment
         * @description Up to 8 people whose display name (or a word of it) starts with `q`: those who took part in the post as you see it and who may see it themselves, then the team; for an internal note (`context=internal`) the team only. Never you, banned or deleted people, or email addresses.
         */
        get: operations["getPostsNumberMentionSuggestions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a post into another
         * @description Merges this post into `into`: its votes move there (each person counted once), and it shows as merged. Answers both posts’ state.
         */
        post: operations["postPostsNumberMerge"];
        /**
         * Undo a merge
         * @description Unmerges the post: the votes it brought come back to it. Answers both posts’ state (`target` null when nothing was merged).
         */
        delete: operations["deletePostsNumberMerge"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postPostsNumberPin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["patchPostsNumberProperties"];
        trace?: never;
    };
    "/api/v1/posts/{number}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postPostsNumberStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getPostsNumberSubscription"];
        put: operations["putPostsNumberSubscription"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["putPostsNumberTags"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Vote for a post
         * @description Adds the caller’s vote (nothing changes if they have already voted) and answers the vote state. No body is needed. An API key with the write or admin scope may send `{onBehalfOf}` to vote for a customer instead; the answer then also names the voter, and whether their account was created.
         */
        put: operations["putPostsNumberVote"];
        post?: never;
        /**
         * Withdraw a vote
         * @description Removes the caller’s vote (nothing changes if they had not voted) and answers the vote state.
         */
        delete: operations["deletePostsNumberVote"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/votes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a post's voters
         * @description The voters of a post the caller may see, newest first, a page at a time (`cursor`, `limit`). Who cast a vote on someone’s behalf, and the voter’s company, are shown to the team only.
         */
        get: operations["getPostsNumberVotes"];
        put?: never;
        /**
         * Vote on behalf of a person
         * @description The team votes for a person by email (their account is created, unverified, when they have none). Answers the vote state and the voter.
         */
        post: operations["postPostsNumberVotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{number}/votes.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a post's voters as CSV
         * @description A CSV file, not JSON (RFC 4180: UTF-8 with a byte-order mark, CRLF line ends, a header line), of every voter of the post, newest first, as an attachment named post-<number>-voters.csv. Columns: voter_name, voter_email, voted_at, cast_by, company, company_mrr (voted_at in ISO 8601 UTC; cast_by is the team member who voted on the person’s behalf, or empty; company and company_mrr are the company the host product named in its identify token and its monthly revenue in currency units, or empty). A deleted account is “Deleted user” with no address. Text a spreadsheet would run as a formula starts with an apostrophe. Errors are JSON as everywhere; a post the caller may not see is 404. Each download is recorded in the audit log.
         */
        get: operations["getPostsNumberVotesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/similar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getPostsSimilar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/roadmap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The roadmap
         * @description One column per status marked "on roadmap" in the planned, in progress and done categories, in that order and then in the statuses' order, each with its first cards (limit, default 20) and a nextCursor for GET /api/v1/roadmap/{status}. Planned and in-progress cards are ordered by votes, done cards by when they moved there (newest first), and done columns hold the last 90 days unless done=all (olderCount says how many that adds). Filters: board= (a slug) and tag= (a name).
         */
        get: operations["getRoadmap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/roadmap/{status}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One roadmap column, a page at a time
         * @description The cards of one roadmap column (its status slug), with the same filters as GET /api/v1/roadmap; pass a column's nextCursor as cursor= for its next page. A status that is not a roadmap column is 404.
         */
        get: operations["getRoadmapStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getStatuses"];
        put?: never;
        post: operations["postStatuses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statuses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteStatusesId"];
        options?: never;
        head?: never;
        patch: operations["patchStatusesId"];
        trace?: never;
    };
    "/api/v1/statuses/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postStatusesReorder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getTags"];
        put?: never;
        post: operations["postTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteTagsId"];
        options?: never;
        head?: never;
        patch: operations["patchTagsId"];
        trace?: never;
    };
    "/api/v1/triage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The triage list: posts under filters, with live counts of every facet */
        get: operations["getTriage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triage/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One status or tag change on several posts */
        post: operations["postTriageBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triage/priority-weights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The priority formula's weights */
        get: operations["getTriagePriorityWeights"];
        /** Change the priority formula's weights (every post's priority is computed again in the background) */
        put: operations["putTriagePriorityWeights"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triage/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your saved triage views */
        get: operations["getTriageViews"];
        put?: never;
        /** Save a triage view (its filters and sort, as a URL query) */
        post: operations["postTriageViews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triage/views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of your saved triage views */
        delete: operations["deleteTriageViewsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One-click unsubscribe
         * @description The `List-Unsubscribe` target of every notification email. Turns email off for the kinds the token names. Accepts the RFC 8058 form body `List-Unsubscribe=One-Click`, or none. An invalid or expired token answers 410.
         */
        post: operations["postUnsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/widget/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a widget session with an identify token
         * @description For the embedded widget’s panel (docs/widget.md). The identify token is checked and used up as by POST /api/v1/auth/identify (same errors); the answer is a bearer token (`cwt_…`, two hours, not sliding) for the panel’s own requests, never a cookie. That token acts as the member on the widget’s endpoints only (boards, posts, search, similar posts, votes, the changelog); any other endpoint answers 403.
         */
        post: operations["postWidgetSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                /** @enum {string} */
                code: "INVALID_JSON" | "VALIDATION_FAILED" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "FORBIDDEN" | "ACCOUNT_BANNED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "VOTING_CLOSED" | "MERGE_INVALID" | "LAST_ADMIN" | "SETUP_DONE" | "TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL" | "UNAVAILABLE";
                /** @description A human message in English; never internal details. */
                message: string;
                /**
                 * @description Only when the message was written for one case: a stable key for it (docs/api.md, "Error reasons").
                 * @enum {string}
                 */
                reason?: "alreadyMember" | "boardArchived" | "boardOrderInvalid" | "boardSlugTaken" | "boardTeamOnly" | "bodyTooLarge" | "changelogAddressTaken" | "commentEditWindowClosed" | "commentsArchived" | "commentsTeamOnly" | "customerBanned" | "customerDeleted" | "customerNotRecorded" | "customerOtherExternalId" | "editMerged" | "editStatusChanged" | "editWindowClosed" | "emailTaken" | "emailUnconfirmedNoMail" | "emailUnconfirmedSent" | "entryAlreadyPublished" | "followTeamOnly" | "imageEmpty" | "imageTooLarge" | "imageTooManyPixels" | "imageType" | "imageUnreadable" | "importProblems" | "importTooLarge" | "internalNoteForCustomer" | "internalNotesTeamOnly" | "invitationInvalid" | "labelNameTaken" | "lastAdminSelf" | "lastStatus" | "mergeChained" | "mergeCycle" | "mergeSelf" | "mergeTargetMissing" | "pageLinkInvalid" | "postAlreadyApproved" | "postAlreadyMerged" | "postAlreadyRejected" | "postChanged" | "postMergedComment" | "signupRestricted" | "ssoLastProvider" | "ssoNeedsSecretKey" | "ssoOnly" | "ssoTryFirst" | "statusInUse" | "statusNameTaken" | "tagNameTaken" | "tooManyTags" | "unsubscribeLinkInvalid" | "votingArchived" | "votingMerged" | "votingPending" | "webhookEndpointDisabled" | "webhookUrlCredentials" | "webhookUrlInvalid" | "webhookUrlMetadata" | "webhookUrlNonPublic" | "webhookUrlScheme" | "webhookUrlUnresolved" | "widgetSessionEnded" | "workspaceNotEmpty" | "wrongPassword";
                /** @description VALIDATION_FAILED only: a message per invalid field (query fields are prefixed `query.`). */
                fields?: {
                    [key: string]: string;
                };
                /** @description Also in the x-request-id header; quote it when reporting a problem. */
                requestId: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAdminApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "3f9a2b7c-6d1e-4c8f-a5b2-7e6d5c4b3a01",
                     *           "name": "Zapier sync",
                     *           "prefix": "chorus_F9NWWIEd",
                     *           "scope": "write",
                     *           "createdBy": {
                     *             "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02",
                     *             "displayName": "Grace Hopper"
                     *           },
                     *           "createdAt": "2026-11-20T09:14:03.089Z",
                     *           "lastUsedAt": null,
                     *           "revokedAt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Nightly report",
                 *       "scope": "read"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    scope: "read" | "write" | "admin";
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "apiKey": {
                     *         "id": "7e1c5a90-2f4b-4d3e-b6a8-9c0d1e2f3a4b",
                     *         "name": "Nightly report",
                     *         "prefix": "chorus_F2JLptnf",
                     *         "scope": "read",
                     *         "createdBy": {
                     *           "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02",
                     *           "displayName": "Grace Hopper"
                     *         },
                     *         "createdAt": "2026-11-26T06:02:24.121Z",
                     *         "lastUsedAt": null,
                     *         "revokedAt": null
                     *       },
                     *       "secret": "chorus_F2JLptnf_1AEZTHJe1euUXHtElN63WlmOI0MR1ud4YKZ5S6hT"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteAdminApiKeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The API key’s id.
                 * @example 3f9a2b7c-6d1e-4c8f-a5b2-7e6d5c4b3a01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f9a2b7c-6d1e-4c8f-a5b2-7e6d5c4b3a01",
                     *       "name": "Zapier sync",
                     *       "prefix": "chorus_F9NWWIEd",
                     *       "scope": "write",
                     *       "createdBy": {
                     *         "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02",
                     *         "displayName": "Grace Hopper"
                     *       },
                     *       "createdAt": "2026-11-20T09:14:03.089Z",
                     *       "lastUsedAt": null,
                     *       "revokedAt": "2026-11-26T06:02:24.161Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putAdminBrandingAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Which image: `logo` or `favicon`.
                 * @example favicon
                 */
                asset: "logo" | "favicon";
            };
            cookie?: never;
        };
        /** @description The file itself, as the whole body. Its type is recognised from its bytes, whatever the Content-Type says. */
        requestBody: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "logoUrl": "/api/v1/branding/a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02",
                     *       "faviconUrl": "/api/v1/branding/84ec79bd-ba16-4e94-a4a6-1c522c746bbd"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteAdminBrandingAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Which image: `logo` or `favicon`.
                 * @example favicon
                 */
                asset: "logo" | "favicon";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "logoUrl": "/api/v1/branding/a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02",
                     *       "faviconUrl": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminChangelog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02",
                     *           "slug": "csv-export",
                     *           "title": "CSV export",
                     *           "body": "CSV export.",
                     *           "label": {
                     *             "slug": "new",
                     *             "name": "New"
                     *           },
                     *           "state": "draft",
                     *           "publishedAt": null,
                     *           "scheduledFor": null,
                     *           "publishStatusId": null,
                     *           "author": "Grace Hopper",
                     *           "posts": [],
                     *           "createdAt": "2026-11-26T04:31:36.841Z",
                     *           "updatedAt": "2026-11-26T04:31:36.841Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminChangelog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Faster search",
                 *       "body": "Search answers in half the time.",
                 *       "label": "improved",
                 *       "postNumbers": [
                 *         120
                 *       ],
                 *       "publishStatusId": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e05"
                 *     }
                 */
                "application/json": {
                    title: string;
                    /** @default  */
                    body?: string;
                    label: string;
                    postNumbers?: number[];
                    /** @default null */
                    publishStatusId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "c8618f07-65ec-4e06-81d6-aa42a1dd4be7",
                     *       "slug": "faster-search",
                     *       "title": "Faster search",
                     *       "body": "Search answers in half the time.",
                     *       "label": {
                     *         "slug": "improved",
                     *         "name": "Improved"
                     *       },
                     *       "state": "draft",
                     *       "publishedAt": null,
                     *       "scheduledFor": null,
                     *       "publishStatusId": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e05",
                     *       "author": "Linus Pauling",
                     *       "posts": [
                     *         {
                     *           "number": 120,
                     *           "title": "Dark mode for the dashboard",
                     *           "slug": "dark-mode-for-the-dashboard"
                     *         }
                     *       ],
                     *       "createdAt": "2026-11-26T04:31:39.609Z",
                     *       "updatedAt": "2026-11-26T04:31:39.609Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminChangelogId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02",
                     *       "slug": "csv-export",
                     *       "title": "CSV export",
                     *       "body": "CSV export.",
                     *       "label": {
                     *         "slug": "new",
                     *         "name": "New"
                     *       },
                     *       "state": "draft",
                     *       "publishedAt": null,
                     *       "scheduledFor": null,
                     *       "publishStatusId": null,
                     *       "author": "Grace Hopper",
                     *       "posts": [],
                     *       "createdAt": "2026-11-26T04:31:36.841Z",
                     *       "updatedAt": "2026-11-26T04:31:36.841Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteAdminChangelogId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e05
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e05"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchAdminChangelogId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "CSV export",
                 *       "body": "Export any board to CSV."
                 *     }
                 */
                "application/json": {
                    title?: string;
                    body?: string;
                    label?: string;
                    postNumbers?: number[];
                    publishStatusId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02",
                     *       "slug": "csv-export",
                     *       "title": "CSV export",
                     *       "body": "Export any board to CSV.",
                     *       "label": {
                     *         "slug": "new",
                     *         "name": "New"
                     *       },
                     *       "state": "draft",
                     *       "publishedAt": null,
                     *       "scheduledFor": null,
                     *       "publishStatusId": null,
                     *       "author": "Grace Hopper",
                     *       "posts": [],
                     *       "createdAt": "2026-11-26T04:31:36.841Z",
                     *       "updatedAt": "2026-11-26T04:31:39.815Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminChangelogIdPublish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02",
                     *       "slug": "csv-export",
                     *       "title": "CSV export",
                     *       "body": "Export any board to CSV.",
                     *       "label": {
                     *         "slug": "new",
                     *         "name": "New"
                     *       },
                     *       "state": "published",
                     *       "publishedAt": "2026-11-26T04:31:40.069Z",
                     *       "scheduledFor": null,
                     *       "publishStatusId": null,
                     *       "author": "Grace Hopper",
                     *       "posts": [],
                     *       "createdAt": "2026-11-26T04:31:36.841Z",
                     *       "updatedAt": "2026-11-26T04:31:40.064Z",
                     *       "postsMoved": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putAdminChangelogIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e04
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "at": "2030-01-15T09:00:00Z"
                 *     }
                 */
                "application/json": {
                    /** Format: date-time */
                    at: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e04",
                     *       "slug": "slack-alerts",
                     *       "title": "Slack alerts",
                     *       "body": "Slack alerts.",
                     *       "label": {
                     *         "slug": "new",
                     *         "name": "New"
                     *       },
                     *       "state": "draft",
                     *       "publishedAt": null,
                     *       "scheduledFor": "2030-01-15T09:00:00.000Z",
                     *       "publishStatusId": null,
                     *       "author": "Grace Hopper",
                     *       "posts": [],
                     *       "createdAt": "2026-11-26T04:31:36.841Z",
                     *       "updatedAt": "2026-11-26T04:31:40.116Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteAdminChangelogIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e04
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e04",
                     *       "slug": "slack-alerts",
                     *       "title": "Slack alerts",
                     *       "body": "Slack alerts.",
                     *       "label": {
                     *         "slug": "new",
                     *         "name": "New"
                     *       },
                     *       "state": "draft",
                     *       "publishedAt": null,
                     *       "scheduledFor": null,
                     *       "publishStatusId": null,
                     *       "author": "Grace Hopper",
                     *       "posts": [],
                     *       "createdAt": "2026-11-26T04:31:36.841Z",
                     *       "updatedAt": "2026-11-26T04:31:40.162Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminChangelogIdUnpublish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e03
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e03",
                     *       "slug": "faster-pages",
                     *       "title": "Faster pages",
                     *       "body": "Faster pages.",
                     *       "label": {
                     *         "slug": "new",
                     *         "name": "New"
                     *       },
                     *       "state": "draft",
                     *       "publishedAt": null,
                     *       "scheduledFor": null,
                     *       "publishStatusId": null,
                     *       "author": "Grace Hopper",
                     *       "posts": [],
                     *       "createdAt": "2026-11-26T04:31:36.841Z",
                     *       "updatedAt": "2026-11-26T04:31:40.215Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminChangelogLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "slug": "new",
                     *           "name": "New"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminChangelogLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Security"
                 *     }
                 */
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "security",
                     *       "name": "Security"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminEmailStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "smtpConfigured": false,
                     *       "waiting": 1
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "format": "chorus.workspace-export",
                     *       "version": 1,
                     *       "exportedAt": "2026-11-26T04:31:40.328Z",
                     *       "workspace": {
                     *         "name": "Acme feedback",
                     *         "accentColor": "#6d28d9",
                     *         "defaultTheme": "system",
                     *         "access": "public",
                     *         "signupPolicy": "open",
                     *         "allowedDomains": [],
                     *         "moderation": "off",
                     *         "defaultLocale": "en",
                     *         "widgetOrigins": [
                     *           "https://app.example.com"
                     *         ]
                     *       },
                     *       "companies": [
                     *         {
                     *           "id": "acme-42",
                     *           "name": "Acme Rockets",
                     *           "monthlyRevenueCents": 499900
                     *         }
                     *       ],
                     *       "members": [
                     *         {
                     *           "email": "grace@example.com",
                     *           "displayName": "Grace Hopper",
                     *           "role": "admin",
                     *           "emailVerifiedAt": "2026-11-26T04:31:33.758Z",
                     *           "bannedAt": null,
                     *           "deletedAt": null,
                     *           "createdAt": "2026-11-26T04:31:33.687Z",
                     *           "externalId": null,
                     *           "company": null
                     *         }
                     *       ],
                     *       "statuses": [
                     *         {
                     *           "slug": "open",
                     *           "name": "Open",
                     *           "color": "#64748b",
                     *           "category": "open",
                     *           "position": 0,
                     *           "onRoadmap": false
                     *         }
                     *       ],
                     *       "tags": [
                     *         {
                     *           "name": "Billing",
                     *           "color": "#7c3aed"
                     *         }
                     *       ],
                     *       "boards": [
                     *         {
                     *           "slug": "bugs",
                     *           "name": "Bugs",
                     *           "description": "Something broken? Tell us.",
                     *           "visibility": "public",
                     *           "posting": "members",
                     *           "position": 0,
                     *           "archivedAt": null,
                     *           "members": []
                     *         }
                     *       ],
                     *       "posts": [
                     *         {
                     *           "number": 120,
                     *           "board": "ideas",
                     *           "author": "ola@example.com",
                     *           "title": "Dark mode for the dashboard",
                     *           "body": "The dashboard is too bright at night.",
                     *           "status": "under-review",
                     *           "tags": [
                     *             "Dashboard"
                     *           ],
                     *           "pinned": false,
                     *           "approval": "approved",
                     *           "mergedInto": null,
                     *           "createdAt": "2026-11-26T04:31:35.557Z",
                     *           "updatedAt": "2026-11-26T04:31:35.557Z",
                     *           "statusChangedAt": null,
                     *           "deletedAt": null
                     *         }
                     *       ],
                     *       "votes": [
                     *         {
                     *           "post": 120,
                     *           "member": "ada@example.com",
                     *           "castBy": null,
                     *           "mergedFrom": null,
                     *           "createdAt": "2026-11-26T04:31:36.569Z"
                     *         }
                     *       ],
                     *       "comments": [
                     *         {
                     *           "post": 120,
                     *           "author": "ada@example.com",
                     *           "body": "Yes, please: my eyes hurt at night.",
                     *           "internal": false,
                     *           "approval": "approved",
                     *           "createdAt": "2026-11-26T04:31:36.641Z",
                     *           "editedAt": null,
                     *           "deletedAt": null
                     *         }
                     *       ],
                     *       "statusChanges": [],
                     *       "subscriptions": [],
                     *       "changelog": {
                     *         "labels": [
                     *           {
                     *             "slug": "new",
                     *             "name": "New",
                     *             "position": 0
                     *           }
                     *         ],
                     *         "entries": [
                     *           {
                     *             "slug": "csv-export",
                     *             "title": "CSV export",
                     *             "body": "Export any board to CSV.",
                     *             "label": "new",
                     *             "state": "published",
                     *             "publishedAt": "2026-11-26T04:31:40.069Z",
                     *             "author": "grace.admin@example.com",
                     *             "posts": []
                     *           }
                     *         ],
                     *         "subscribers": []
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminIdentify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "configured": true,
                     *       "createdAt": "2026-11-26T04:31:35.112Z",
                     *       "audience": "https://feedback.example.com",
                     *       "algorithm": "HS256",
                     *       "maxLifetimeSeconds": 600
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminIdentifySecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "configured": true,
                     *       "createdAt": "2026-11-26T04:40:02.518Z",
                     *       "audience": "https://feedback.example.com",
                     *       "algorithm": "HS256",
                     *       "maxLifetimeSeconds": 600,
                     *       "secret": "idsec_T1nWq8uYbH3kS0dF6gJ9lZ2xC5vB7nM4qR8tE1yU3iO"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source": "canny",
                 *       "board": "ideas",
                 *       "posts": "ID,Title,Details,Board,Status,Author Name,Author Email,Created At,Tags\r\nc1,Offline mode,Works on the train.,Feature Requests,Under Review,Ann,ann@example.com,2024-01-05T10:00:00Z,offline",
                 *       "votes": "Post ID,Voter Name,Voter Email,Created At\r\nc1,Cy,cy@example.com,2024-01-06"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    source: "chorus" | "canny" | "fider";
                    file?: unknown;
                    board?: string;
                    posts?: string;
                    votes?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "source": "canny",
                     *       "members": 2,
                     *       "boards": 1,
                     *       "posts": 1,
                     *       "votes": 1,
                     *       "comments": 0,
                     *       "statusChanges": 0,
                     *       "changelogEntries": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminInsights: {
        parameters: {
            query?: {
                /** @example 30d */
                period?: "30d" | "90d" | "12m" | "custom";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "period": {
                     *         "key": "30d",
                     *         "from": "2026-10-28",
                     *         "to": "2026-11-26",
                     *         "timezone": "UTC"
                     *       },
                     *       "updatedAt": null,
                     *       "weeks": [
                     *         {
                     *           "week": "2026-10-26",
                     *           "posts": 0,
                     *           "votes": 0,
                     *           "comments": 0
                     *         }
                     *       ],
                     *       "statuses": [],
                     *       "topRequests": [],
                     *       "firstResponse": {
                     *         "medianSeconds": null,
                     *         "answered": 0,
                     *         "unanswered": 0
                     *       },
                     *       "boards": []
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminOutbox: {
        parameters: {
            query?: {
                cursor?: number;
                before?: number;
                /** @example 20 */
                limit?: number;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "smtpConfigured": false,
                     *       "items": [
                     *         {
                     *           "id": 1,
                     *           "to": "ada@example.com",
                     *           "kind": "comment",
                     *           "subject": "New comment on Dark mode",
                     *           "text": "Ola commented.",
                     *           "html": "<p>Ola commented.</p>",
                     *           "status": "smtp_off",
                     *           "attempts": 0,
                     *           "lastError": null,
                     *           "sentAt": null,
                     *           "createdAt": "2026-11-26T04:31:37.009Z"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Acme feedback",
                     *       "accentColor": "#6d28d9",
                     *       "defaultTheme": "system",
                     *       "defaultLocale": "en",
                     *       "access": "public",
                     *       "signupPolicy": "open",
                     *       "allowedDomains": [],
                     *       "moderation": "off",
                     *       "emailConfirmation": "auto",
                     *       "showPoweredBy": true,
                     *       "widgetOrigins": [
                     *         "https://app.example.com"
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme feedback",
                 *       "accentColor": "#4f46e5",
                 *       "access": "public",
                 *       "moderation": "new_members",
                 *       "defaultLocale": "en"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    accentColor?: string;
                    /** @enum {string} */
                    defaultTheme?: "system" | "light" | "dark";
                    /** @enum {string} */
                    defaultLocale?: "en" | "de" | "fr" | "es" | "pt-BR" | "ja" | "ar";
                    /** @enum {string} */
                    access?: "public" | "sign_in_required";
                    /** @enum {string} */
                    signupPolicy?: "open" | "invite_only" | "domain_allowlist";
                    allowedDomains?: string[];
                    /** @enum {string} */
                    moderation?: "off" | "new_members" | "all";
                    /** @enum {string} */
                    emailConfirmation?: "auto" | "required" | "off";
                    showPoweredBy?: boolean;
                    widgetOrigins?: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Acme feedback",
                     *       "accentColor": "#4f46e5",
                     *       "defaultTheme": "system",
                     *       "defaultLocale": "en",
                     *       "access": "public",
                     *       "signupPolicy": "open",
                     *       "allowedDomains": [],
                     *       "moderation": "new_members",
                     *       "emailConfirmation": "auto",
                     *       "showPoweredBy": true,
                     *       "widgetOrigins": [
                     *         "https://app.example.com"
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminSso: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secretKeyConfigured": true,
                     *       "passwordSignIn": true,
                     *       "passwordSignInForced": false,
                     *       "viewerHasSignedInWithSso": false,
                     *       "providers": [
                     *         {
                     *           "id": "github",
                     *           "label": "GitHub",
                     *           "issuer": null,
                     *           "clientId": "Iv23liExampleClientId",
                     *           "clientSecretSet": true,
                     *           "scopes": "read:user user:email",
                     *           "enabled": true,
                     *           "adminSignInAt": null
                     *         },
                     *         {
                     *           "id": "google",
                     *           "label": "Google",
                     *           "issuer": "https://accounts.google.com",
                     *           "clientId": "123456789-example.apps.googleusercontent.com",
                     *           "clientSecretSet": true,
                     *           "scopes": "openid email profile",
                     *           "enabled": true,
                     *           "adminSignInAt": null
                     *         }
                     *       ],
                     *       "redirectUris": {
                     *         "oidc": "https://feedback.example.com/login/sso/oidc",
                     *         "google": "https://feedback.example.com/login/sso/google",
                     *         "github": "https://feedback.example.com/login/sso/github"
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchAdminSso: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "passwordSignIn": true
                 *     }
                 */
                "application/json": {
                    passwordSignIn: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secretKeyConfigured": true,
                     *       "passwordSignIn": true,
                     *       "passwordSignInForced": false,
                     *       "viewerHasSignedInWithSso": false,
                     *       "providers": [
                     *         {
                     *           "id": "github",
                     *           "label": "GitHub",
                     *           "issuer": null,
                     *           "clientId": "Iv23liExampleClientId",
                     *           "clientSecretSet": true,
                     *           "scopes": "read:user user:email",
                     *           "enabled": true,
                     *           "adminSignInAt": null
                     *         },
                     *         {
                     *           "id": "google",
                     *           "label": "Google",
                     *           "issuer": "https://accounts.google.com",
                     *           "clientId": "123456789-example.apps.googleusercontent.com",
                     *           "clientSecretSet": true,
                     *           "scopes": "openid email profile",
                     *           "enabled": true,
                     *           "adminSignInAt": null
                     *         }
                     *       ],
                     *       "redirectUris": {
                     *         "oidc": "https://feedback.example.com/login/sso/oidc",
                     *         "google": "https://feedback.example.com/login/sso/google",
                     *         "github": "https://feedback.example.com/login/sso/github"
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putAdminSsoProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The single sign-on provider.
                 * @example github
                 */
                provider: "oidc" | "google" | "github";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "GitHub",
                 *       "clientId": "Iv23liExampleClientId",
                 *       "clientSecret": "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0",
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    label: string;
                    issuer?: string;
                    clientId: string;
                    clientSecret?: string;
                    scopes?: string;
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "github",
                     *       "label": "GitHub",
                     *       "issuer": null,
                     *       "clientId": "Iv23liExampleClientId",
                     *       "clientSecretSet": true,
                     *       "scopes": "read:user user:email",
                     *       "enabled": true,
                     *       "adminSignInAt": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteAdminSsoProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The single sign-on provider.
                 * @example google
                 */
                provider: "oidc" | "google" | "github";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01",
                     *           "url": "https://hooks.example.com/chorus",
                     *           "description": "CRM sync",
                     *           "events": [
                     *             "post.created",
                     *             "vote.created"
                     *           ],
                     *           "format": "generic",
                     *           "includePrivate": false,
                     *           "state": "active",
                     *           "disabledAt": null,
                     *           "disabledReason": null,
                     *           "createdAt": "2026-11-18T16:40:12.113Z",
                     *           "lastAttempt": {
                     *             "at": "2026-11-26T05:31:07.129Z",
                     *             "ok": true,
                     *             "statusCode": 204
                     *           }
                     *         },
                     *         {
                     *           "id": "9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e02",
                     *           "url": "https://hooks.example.com/chorus",
                     *           "description": "Old dashboard",
                     *           "events": [
                     *             "post.created",
                     *             "vote.created"
                     *           ],
                     *           "format": "generic",
                     *           "includePrivate": false,
                     *           "state": "disabled",
                     *           "disabledAt": "2026-11-24T03:12:55.109Z",
                     *           "disabledReason": "Disabled after 8 failed attempts to deliver one event over about a day; the last: answered 500",
                     *           "createdAt": "2026-11-18T16:40:12.113Z",
                     *           "lastAttempt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/chorus",
                 *       "description": "Support tool",
                 *       "events": [
                 *         "post.created",
                 *         "comment.created"
                 *       ],
                 *       "format": "generic"
                 *     }
                 */
                "application/json": {
                    url: string;
                    /** @default  */
                    description?: string;
                    events: ("post.created" | "post.status_changed" | "post.merged" | "comment.created" | "vote.created" | "changelog.published")[];
                    /**
                     * @default generic
                     * @enum {string}
                     */
                    format?: "generic" | "slack" | "discord";
                    /** @default false */
                    includePrivate?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "da82e0eb-e0e1-4bca-b026-1bfe26d0a961",
                     *       "url": "https://hooks.example.com/chorus",
                     *       "description": "Support tool",
                     *       "events": [
                     *         "post.created",
                     *         "comment.created"
                     *       ],
                     *       "format": "generic",
                     *       "includePrivate": false,
                     *       "state": "active",
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-26T06:02:25.188Z",
                     *       "lastAttempt": null,
                     *       "secret": "whsec_M0z1m7YrA6hr0izZfBsfu9qbEMemNtJkUjoq5bU0GqY"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01",
                     *       "url": "https://hooks.example.com/chorus",
                     *       "description": "CRM sync",
                     *       "events": [
                     *         "post.created",
                     *         "vote.created"
                     *       ],
                     *       "format": "generic",
                     *       "includePrivate": false,
                     *       "state": "active",
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-18T16:40:12.113Z",
                     *       "lastAttempt": {
                     *         "at": "2026-11-26T05:31:07.129Z",
                     *         "ok": true,
                     *         "statusCode": 204
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteAdminWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e03
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchAdminWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "post.created",
                 *         "post.status_changed",
                 *         "vote.created"
                 *       ]
                 *     }
                 */
                "application/json": {
                    url?: string;
                    description?: string;
                    events?: ("post.created" | "post.status_changed" | "post.merged" | "comment.created" | "vote.created" | "changelog.published")[];
                    /** @enum {string} */
                    format?: "generic" | "slack" | "discord";
                    includePrivate?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01",
                     *       "url": "https://hooks.example.com/chorus",
                     *       "description": "CRM sync",
                     *       "events": [
                     *         "post.created",
                     *         "post.status_changed",
                     *         "vote.created"
                     *       ],
                     *       "format": "generic",
                     *       "includePrivate": false,
                     *       "state": "active",
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-18T16:40:12.113Z",
                     *       "lastAttempt": {
                     *         "at": "2026-11-26T05:31:07.129Z",
                     *         "ok": true,
                     *         "statusCode": 204
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminWebhooksIdAttempts: {
        parameters: {
            query?: {
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": 4811,
                     *           "deliveryId": "d4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f01",
                     *           "eventId": "d4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f02",
                     *           "eventType": "vote.created",
                     *           "attempt": 1,
                     *           "at": "2026-11-26T05:31:07.129Z",
                     *           "durationMs": 84,
                     *           "statusCode": 204,
                     *           "responseBody": null,
                     *           "error": null,
                     *           "ok": true,
                     *           "deliveryState": "delivered"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminWebhooksIdDeliveriesDeliveryRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01
                 */
                id: string;
                /**
                 * @description The id of one delivery of the webhook (as listed by its attempts).
                 * @example d4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f01
                 */
                delivery: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveryId": "2dfed02c-c56c-44bf-af2c-8932d08dfc3f",
                     *       "eventId": "d4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f02"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminWebhooksIdEnable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e02
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e02",
                     *       "url": "https://hooks.example.com/chorus",
                     *       "description": "Old dashboard",
                     *       "events": [
                     *         "post.created",
                     *         "vote.created"
                     *       ],
                     *       "format": "generic",
                     *       "includePrivate": false,
                     *       "state": "active",
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-18T16:40:12.113Z",
                     *       "lastAttempt": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminWebhooksIdSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01",
                     *       "url": "https://hooks.example.com/chorus",
                     *       "description": "CRM sync",
                     *       "events": [
                     *         "post.created",
                     *         "vote.created"
                     *       ],
                     *       "format": "generic",
                     *       "includePrivate": false,
                     *       "state": "active",
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-11-18T16:40:12.113Z",
                     *       "lastAttempt": {
                     *         "at": "2026-11-26T05:31:07.129Z",
                     *         "ok": true,
                     *         "statusCode": 204
                     *       },
                     *       "secret": "whsec_9dPQtpWyH4XSnNrFI_Nz3FAutFWYGnWkiuVL2giNCfc"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAdminWebhooksIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook endpoint’s id.
                 * @example 9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveryId": "bf76b63c-92ba-4932-a658-d696a7f1226b",
                     *       "eventId": "df819acb-0e3b-48e7-81ba-93d959f6a8de"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAttachments: {
        parameters: {
            query?: {
                /** @example screenshot.png */
                filename?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The file itself, as the whole body. Its type is recognised from its bytes, whatever the Content-Type says. */
        requestBody: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "26d9165e-4b3c-44d6-81d2-d3ee919d5b69",
                     *       "url": "/api/v1/attachments/26d9165e-4b3c-44d6-81d2-d3ee919d5b69",
                     *       "webUrl": "/api/v1/attachments/26d9165e-4b3c-44d6-81d2-d3ee919d5b69/web",
                     *       "markdown": "![screenshot](/api/v1/attachments/26d9165e-4b3c-44d6-81d2-d3ee919d5b69)",
                     *       "filename": "screenshot.png",
                     *       "contentType": "image/png",
                     *       "size": 203,
                     *       "width": 64,
                     *       "height": 48
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAttachmentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The attachment’s id.
                 * @example a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image bytes, as uploaded (PNG, JPEG, GIF or WebP), metadata stripped. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAttachmentsIdWeb: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The attachment’s id.
                 * @example a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c01
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web-sized copy of the image, WebP. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAudit: {
        parameters: {
            query?: {
                cursor?: number;
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": 28,
                     *           "at": "2026-11-26T06:03:54.775Z",
                     *           "action": "webhook.test_sent",
                     *           "actor": {
                     *             "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02",
                     *             "label": "Grace Hopper",
                     *             "href": "/admin/members?q=grace.admin%40example.com"
                     *           },
                     *           "target": {
                     *             "type": "webhook",
                     *             "id": "9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01",
                     *             "label": "https://hooks.example.com/chorus",
                     *             "href": "/admin/webhooks"
                     *           },
                     *           "related": null,
                     *           "sentence": [
                     *             {
                     *               "t": "ref",
                     *               "v": "Grace Hopper",
                     *               "href": "/admin/members?q=grace.admin%40example.com"
                     *             },
                     *             {
                     *               "t": "text",
                     *               "v": " sent a test event to the webhook endpoint "
                     *             },
                     *             {
                     *               "t": "ref",
                     *               "v": "https://hooks.example.com/chorus",
                     *               "href": "/admin/webhooks"
                     *             }
                     *           ],
                     *           "before": null,
                     *           "after": {
                     *             "url": "https://hooks.example.com/chorus"
                     *           },
                     *           "ip": "127.0.0.1"
                     *         }
                     *       ],
                     *       "nextCursor": 9
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "check-email"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthIdentify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjdXN0LTQyIiwiZW1haWwiOiJtYXlhQGV4YW1wbGUuY29tIiwibmFtZSI6Ik1heWEgUGF0ZWwiLCJhdWQiOiJodHRwczovL2ZlZWRiYWNrLmV4YW1wbGUuY29tIiwianRpIjoiOWY0YzJlN2EiLCJpYXQiOjE3OTU2NzAwMDAsImV4cCI6MTc5NTY3MDMwMH0.q3J5mQ0xRk1b2pV6n8uYtE4wZcH7sLdA9gKfT1oPiNs"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in",
                     *       "user": {
                     *         "id": "5d0c8a3e-6f1b-4c2d-9e7a-1b2c3d4e5f60",
                     *         "displayName": "Maya Patel",
                     *         "created": true
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ACCOUNT_BANNED: This account has been suspended. FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOKEN_INVALID: This link has expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthMagicLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "check-email"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthMagicLinkConsume: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "mG5hJ7kL2qW9eR4tY8uI3oPaSd"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in",
                     *       "passwordCleared": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ACCOUNT_BANNED: This account has been suspended. FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOKEN_INVALID: This link has expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "rT8vQ2xLm4Kp9sWd3ZaE7yHbNc",
                 *       "password": "a new passphrase, long enough"
                 *     }
                 */
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOKEN_INVALID: This link has expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INVALID_CREDENTIALS: That email and password do not match. UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ACCOUNT_BANNED: This account has been suspended. FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "displayName": "Lin Chen",
                 *       "email": "lin@example.com",
                 *       "password": "a passphrase, long enough"
                 *     }
                 */
                "application/json": {
                    displayName: string;
                    email: string;
                    password: string;
                    inviteToken?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOKEN_INVALID: This link has expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthSsoProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The single sign-on provider.
                 * @example github
                 */
                provider: "oidc" | "google" | "github";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "next": "/roadmap"
                 *     }
                 */
                "application/json": {
                    next?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://github.com/login/oauth/authorize?client_id=Iv23liExampleClientId&redirect_uri=https%3A%2F%2Ffeedback.example.com%2Flogin%2Fsso%2Fgithub&response_type=code&scope=read%3Auser+user%3Aemail&state=q3Xk9vS2bN7mT4wL&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: The service is temporarily unavailable. Please try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthVerifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "vE3rF6yT9uH2jK5lM8nB1cXzQw"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in",
                     *       "passwordCleared": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ACCOUNT_BANNED: This account has been suspended. FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOKEN_INVALID: This link has expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getBoards: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c02",
                     *           "slug": "bugs",
                     *           "name": "Bugs",
                     *           "description": "Something broken? Tell us.",
                     *           "visibility": "public",
                     *           "posting": "members",
                     *           "archived": false,
                     *           "position": 0,
                     *           "postCount": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postBoards: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Integrations",
                 *       "slug": "integrations",
                 *       "description": "Ideas for connecting Acme to other tools.",
                 *       "visibility": "public",
                 *       "posting": "members"
                 *     }
                 */
                "application/json": {
                    name: string;
                    slug: string;
                    /** @default  */
                    description?: string;
                    /**
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "public" | "private";
                    /**
                     * @default members
                     * @enum {string}
                     */
                    posting?: "members" | "team";
                    /** @default [] */
                    grantedUserIds?: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "003a394a-21e9-43bb-9ac7-2643ee46a29c",
                     *       "slug": "integrations",
                     *       "name": "Integrations",
                     *       "description": "Ideas for connecting Acme to other tools.",
                     *       "visibility": "public",
                     *       "posting": "members",
                     *       "archived": false,
                     *       "position": 2,
                     *       "postCount": 0,
                     *       "grantedMembers": []
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getBoardsBoard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The board’s slug.
                 * @example ideas
                 */
                board: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c01",
                     *       "slug": "ideas",
                     *       "name": "Ideas",
                     *       "description": "What should we build next?",
                     *       "visibility": "public",
                     *       "posting": "members",
                     *       "archived": false,
                     *       "position": 1,
                     *       "postCount": 5
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchBoardsBoard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The board’s slug.
                 * @example ideas
                 */
                board: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Feature ideas",
                 *       "description": "What should we build next?"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    slug?: string;
                    description?: string;
                    /** @enum {string} */
                    visibility?: "public" | "private";
                    /** @enum {string} */
                    posting?: "members" | "team";
                    grantedUserIds?: string[];
                    archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c01",
                     *       "slug": "ideas",
                     *       "name": "Feature ideas",
                     *       "description": "What should we build next?",
                     *       "visibility": "public",
                     *       "posting": "members",
                     *       "archived": false,
                     *       "position": 1,
                     *       "postCount": 5,
                     *       "grantedMembers": []
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getBoardsBoardMentionSuggestions: {
        parameters: {
            query?: {
                /**
                 * @description The start of a display name, or of a word in it (case-insensitive). Empty: the first suggestions.
                 * @example li
                 */
                q?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The board’s slug.
                 * @example ideas
                 */
                board: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03",
                     *           "displayName": "Linus Pauling",
                     *           "avatarUrl": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postBoardsReorder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ids": [
                 *         "5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c02",
                 *         "5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c01"
                 *       ]
                 *     }
                 */
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c02",
                     *           "slug": "bugs",
                     *           "name": "Bugs",
                     *           "description": "Something broken? Tell us.",
                     *           "visibility": "public",
                     *           "posting": "members",
                     *           "archived": false,
                     *           "position": 0,
                     *           "postCount": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getBrandingId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of an uploaded logo or favicon, as in the workspace’s logo and favicon URLs.
                 * @example a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logo (96 px high) or the favicon (32 px), PNG. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getBrandingIdLarge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of an uploaded logo or favicon, as in the workspace’s logo and favicon URLs.
                 * @example a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logo (at most 1024 px) or the favicon (180 px), PNG. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getChangelog: {
        parameters: {
            query?: {
                label?: string;
                cursor?: string;
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "slug": "csv-export",
                     *           "title": "CSV export",
                     *           "body": "Export any board to CSV.",
                     *           "excerpt": "Export any board to CSV.",
                     *           "label": {
                     *             "slug": "new",
                     *             "name": "New"
                     *           },
                     *           "publishedAt": "2026-11-26T04:31:40.069Z",
                     *           "updatedAt": "2026-11-26T04:31:40.064Z",
                     *           "posts": []
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getChangelogSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The changelog entry’s slug.
                 * @example dark-mode-is-here
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "dark-mode-is-here",
                     *       "title": "Dark mode is here",
                     *       "body": "Dark mode is here.",
                     *       "excerpt": "Dark mode is here.",
                     *       "label": {
                     *         "slug": "new",
                     *         "name": "New"
                     *       },
                     *       "publishedAt": "2026-11-26T04:31:36.825Z",
                     *       "updatedAt": "2026-11-26T04:31:36.841Z",
                     *       "posts": [
                     *         {
                     *           "number": 120,
                     *           "title": "Dark mode for the dashboard",
                     *           "slug": "dark-mode-for-the-dashboard"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getChangelogSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscribed": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putChangelogSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscribed": true
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteChangelogSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscribed": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteCommentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The comment’s id.
                 * @example 312
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchCommentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The comment’s id.
                 * @example 311
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "We would use this every evening (edited)."
                 *     }
                 */
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "postNumber": 120,
                     *       "author": {
                     *         "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e01",
                     *         "displayName": "Ada Lovelace",
                     *         "avatarUrl": null,
                     *         "isTeam": false
                     *       },
                     *       "body": "We would use this every evening (edited).",
                     *       "internal": false,
                     *       "createdAt": "2026-11-26T04:31:36.641Z",
                     *       "editedAt": "2026-11-26T04:31:41.694Z",
                     *       "deleted": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /** @example 120 */
                post?: string;
                board?: string;
                roadmap?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events, open until the client closes them: `retry:`, then `event: ready` (or `refetch` after a reconnect with Last-Event-ID), then one event per change (votes, post, comment) with an `id:` and a JSON `data:` line. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example retry: 3000
                     *     …
                     */
                    "text/event-stream": string;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: The service is temporarily unavailable. Please try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a text/event-stream body, not JSON. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
        };
    };
    getInbox: {
        parameters: {
            query?: {
                pendingCursor?: string;
                untriagedCursor?: string;
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pendingPosts": {
                     *         "items": [
                     *           {
                     *             "id": "1d14db36-31d6-4140-a146-a0cced1f32cf",
                     *             "number": 124,
                     *             "slug": "slack-notifications",
                     *             "title": "Slack notifications",
                     *             "excerpt": "",
                     *             "board": {
                     *               "slug": "ideas",
                     *               "name": "Feature ideas"
                     *             },
                     *             "author": {
                     *               "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04",
                     *               "displayName": "Ola Nordmann"
                     *             },
                     *             "approval": "pending",
                     *             "createdAt": "2026-11-26T04:31:36.437Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "untriagedPosts": {
                     *         "items": [
                     *           {
                     *             "id": "3dc32c71-26a7-4634-94d3-79fef3e3463b",
                     *             "number": 126,
                     *             "slug": "tell-us-what-you-need",
                     *             "title": "Tell us what you need",
                     *             "excerpt": "",
                     *             "board": {
                     *               "slug": "ideas",
                     *               "name": "Feature ideas"
                     *             },
                     *             "author": {
                     *               "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02",
                     *               "displayName": "Grace Hopper"
                     *             },
                     *             "approval": "approved",
                     *             "createdAt": "2026-11-26T04:31:36.541Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "sam@example.com",
                 *       "role": "moderator"
                 *     }
                 */
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "member" | "moderator" | "admin";
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": "sam@example.com",
                     *       "role": "moderator",
                     *       "expiresAt": "2026-12-03T04:31:41.845Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postMarkdownPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "Dark mode, **please**."
                 *     }
                 */
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "doc": [
                     *         {
                     *           "t": "p",
                     *           "c": [
                     *             "Dark mode, "
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d3176575-a09a-4143-bf67-70e265ba5af9",
                     *       "displayName": "Ada Lovelace",
                     *       "email": "ada@example.com",
                     *       "avatarUrl": null,
                     *       "role": "member",
                     *       "emailVerified": true,
                     *       "locale": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirm": "DELETE"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    confirm: "DELETE";
                };
            };
        };
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description LAST_ADMIN: The workspace must keep at least one admin. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "displayName": "Ada L.",
                 *       "avatarUrl": null
                 *     }
                 */
                "application/json": {
                    displayName: string;
                    avatarUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9b327ed7-f9bc-4a27-af62-f1ab1adb7036",
                     *       "displayName": "Ada L.",
                     *       "email": "ada@example.com",
                     *       "avatarUrl": null,
                     *       "role": "member",
                     *       "emailVerified": true
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postMeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada.new@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "check-email",
                     *       "pendingEmail": "ada.new@example.com"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMeExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "format": "chorus.account-export.v1",
                     *       "exportedAt": "2026-11-26T04:31:42.223Z",
                     *       "profile": {
                     *         "id": "f4b25373-86a7-4660-87fc-2694c9a694c5",
                     *         "email": "ada@example.com",
                     *         "displayName": "Ada Lovelace",
                     *         "avatarUrl": null,
                     *         "role": "member",
                     *         "locale": null,
                     *         "emailVerifiedAt": "2026-11-26T04:31:42.192Z",
                     *         "createdAt": "2026-11-26T04:31:42.197Z",
                     *         "updatedAt": "2026-11-26T04:31:42.197Z",
                     *         "notificationPreferences": [
                     *           {
                     *             "kind": "status_changed",
                     *             "channel": "email",
                     *             "enabled": true
                     *           }
                     *         ],
                     *         "pendingEmailChange": null
                     *       },
                     *       "sessions": [
                     *         {
                     *           "createdAt": "2026-11-26T04:31:42.199Z",
                     *           "lastSeenAt": "2026-11-26T04:31:42.199Z",
                     *           "expiresAt": "2026-12-26T04:31:42.198Z",
                     *           "ip": null,
                     *           "userAgent": null,
                     *           "current": true
                     *         }
                     *       ],
                     *       "signInProviders": [],
                     *       "posts": [],
                     *       "comments": [],
                     *       "votes": []
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putMeLocale: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "locale": "de"
                 *     }
                 */
                "application/json": {
                    locale: ("en" | "de" | "fr" | "es" | "pt-BR" | "ja" | "ar") | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "locale": "de"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMeNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "preferences": [
                     *         {
                     *           "kind": "status_changed",
                     *           "channel": "email",
                     *           "enabled": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putMeNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "preferences": [
                 *         {
                 *           "kind": "comment",
                 *           "channel": "email",
                 *           "enabled": false
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    preferences: {
                        /** @enum {string} */
                        kind: "status_changed" | "comment" | "mention" | "changelog" | "approval" | "team_new_post" | "team_awaiting_approval" | "admin_webhook_disabled";
                        /** @enum {string} */
                        channel: "email" | "in_app";
                        enabled: boolean;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "preferences": [
                     *         {
                     *           "kind": "status_changed",
                     *           "channel": "email",
                     *           "enabled": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMeNotifications: {
        parameters: {
            query?: {
                cursor?: string;
                /** @example 20 */
                limit?: number;
                unread?: "1" | "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": 7,
                     *           "kind": "comment",
                     *           "headline": "Ola Nordmann commented on “Dark mode for the dashboard” (#120)",
                     *           "message": "comment",
                     *           "args": {
                     *             "who": "Ola Nordmann",
                     *             "title": "Dark mode for the dashboard",
                     *             "number": 120
                     *           },
                     *           "path": "/p/120#comment-311",
                     *           "excerpt": "Any news?",
                     *           "read": false,
                     *           "createdAt": "2026-11-26T04:31:36.913Z"
                     *         }
                     *       ],
                     *       "unread": 1,
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postMeNotificationsIdRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The notification’s id.
                 * @example 7
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postMeNotificationsReadAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMeNotificationsUnreadCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postMePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "correct horse battery staple",
                 *       "newPassword": "a new passphrase, long enough"
                 *     }
                 */
                "application/json": {
                    currentPassword?: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "changed"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMembers: {
        parameters: {
            query?: {
                /** @example ada */
                q?: string;
                cursor?: string;
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "9b327ed7-f9bc-4a27-af62-f1ab1adb7036",
                     *           "displayName": "Ada L.",
                     *           "email": "ada@example.com",
                     *           "avatarUrl": null,
                     *           "role": "member",
                     *           "state": "active",
                     *           "joinedAt": "2026-11-26T04:31:41.975Z"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchMembersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The member’s user id.
                 * @example 0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e06
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "moderator"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    role: "member" | "moderator" | "admin";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e06",
                     *       "displayName": "Pat Kim",
                     *       "email": "pat@example.com",
                     *       "avatarUrl": null,
                     *       "role": "moderator",
                     *       "state": "active",
                     *       "joinedAt": "2026-11-26T04:31:35.348Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description LAST_ADMIN: The workspace must keep at least one admin. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postMembersIdBan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The member’s user id.
                 * @example 0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04",
                     *       "displayName": "Ola Nordmann",
                     *       "email": "ola@example.com",
                     *       "avatarUrl": null,
                     *       "role": "member",
                     *       "state": "banned",
                     *       "joinedAt": "2026-11-26T04:31:35.305Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description LAST_ADMIN: The workspace must keep at least one admin. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteMembersIdBan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The member’s user id.
                 * @example 0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04",
                     *       "displayName": "Ola Nordmann",
                     *       "email": "ola@example.com",
                     *       "avatarUrl": null,
                     *       "role": "member",
                     *       "state": "active",
                     *       "joinedAt": "2026-11-26T04:31:35.305Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postMembersIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The member’s user id.
                 * @example 0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e05
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e05",
                     *       "displayName": "Uma Rao",
                     *       "email": "uma@example.com",
                     *       "avatarUrl": null,
                     *       "role": "member",
                     *       "state": "active",
                     *       "joinedAt": "2026-11-26T04:31:35.340Z"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOpenapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Chorus API",
                     *         "version": "1"
                     *       },
                     *       "paths": {
                     *         "/api/v1/workspace": {
                     *           "get": {
                     *             "operationId": "getWorkspace",
                     *             "tags": [
                     *               "Workspace"
                     *             ],
                     *             "x-authorize": "anyone"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPosts: {
        parameters: {
            query?: {
                /** @example ideas */
                board?: string;
                /** @example top */
                sort?: "trending" | "top" | "new" | "updated";
                status?: string;
                tag?: string;
                q?: string;
                closed?: "show" | "hide";
                cursor?: string;
                before?: string;
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "4aca08a5-c338-4b86-ac28-d0622aba6449",
                     *           "number": 120,
                     *           "slug": "dark-mode-for-the-dashboard",
                     *           "title": "Dark mode for the dashboard",
                     *           "excerpt": "The dashboard is too bright at night.",
                     *           "board": {
                     *             "slug": "ideas",
                     *             "name": "Feature ideas"
                     *           },
                     *           "author": {
                     *             "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04",
                     *             "displayName": "Ola Nordmann",
                     *             "avatarUrl": null,
                     *             "isTeam": false
                     *           },
                     *           "status": {
                     *             "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e02",
                     *             "slug": "under-review",
                     *             "name": "Under review",
                     *             "color": "#0ea5e9",
                     *             "category": "open"
                     *           },
                     *           "tags": [
                     *             {
                     *               "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01",
                     *               "name": "Dashboard",
                     *               "color": "#0f766e"
                     *             }
                     *           ],
                     *           "voteCount": 3,
                     *           "commentCount": 2,
                     *           "voted": false,
                     *           "pinned": false,
                     *           "approval": "approved",
                     *           "createdAt": "2026-11-26T04:31:35.557Z",
                     *           "updatedAt": "2026-11-26T04:31:35.557Z"
                     *         }
                     *       ],
                     *       "nextCursor": null,
                     *       "prevCursor": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postPosts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "board": "ideas",
                 *       "title": "Keyboard shortcuts for voting",
                 *       "body": "Pressing **V** on a post would vote for it."
                 *     }
                 */
                "application/json": {
                    board: string;
                    title: string;
                    /** @default  */
                    body?: string;
                    /** @description The customer this is done for (API keys with the write or admin scope only). */
                    onBehalfOf?: {
                        email: string;
                        name?: string;
                        externalId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1a85d34b-055e-4077-9970-e522daa6ecbe",
                     *       "number": 2,
                     *       "slug": "keyboard-shortcuts-for-voting",
                     *       "title": "Keyboard shortcuts for voting",
                     *       "excerpt": "Pressing V on a post would vote for it.",
                     *       "body": "Pressing **V** on a post would vote for it.",
                     *       "board": {
                     *         "slug": "ideas",
                     *         "name": "Feature ideas"
                     *       },
                     *       "author": {
                     *         "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e01",
                     *         "displayName": "Ada Lovelace",
                     *         "avatarUrl": null,
                     *         "isTeam": false
                     *       },
                     *       "status": null,
                     *       "tags": [],
                     *       "voteCount": 0,
                     *       "commentCount": 0,
                     *       "voted": false,
                     *       "pinned": false,
                     *       "approval": "approved",
                     *       "createdAt": "2026-11-26T04:31:43.013Z",
                     *       "updatedAt": "2026-11-26T04:31:43.013Z",
                     *       "statusChangedAt": null,
                     *       "mergedInto": null,
                     *       "boardArchived": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPostsNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4aca08a5-c338-4b86-ac28-d0622aba6449",
                     *       "number": 120,
                     *       "slug": "dark-mode-for-the-dashboard",
                     *       "title": "Dark mode for the dashboard",
                     *       "excerpt": "The dashboard is too bright at night.",
                     *       "body": "The dashboard is too bright at night.",
                     *       "board": {
                     *         "slug": "ideas",
                     *         "name": "Feature ideas"
                     *       },
                     *       "author": {
                     *         "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04",
                     *         "displayName": "Ola Nordmann",
                     *         "avatarUrl": null,
                     *         "isTeam": false
                     *       },
                     *       "status": {
                     *         "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e02",
                     *         "slug": "under-review",
                     *         "name": "Under review",
                     *         "color": "#0ea5e9",
                     *         "category": "open"
                     *       },
                     *       "tags": [
                     *         {
                     *           "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01",
                     *           "name": "Dashboard",
                     *           "color": "#0f766e"
                     *         }
                     *       ],
                     *       "voteCount": 3,
                     *       "commentCount": 2,
                     *       "voted": false,
                     *       "pinned": false,
                     *       "approval": "approved",
                     *       "createdAt": "2026-11-26T04:31:35.557Z",
                     *       "updatedAt": "2026-11-26T04:31:35.557Z",
                     *       "statusChangedAt": null,
                     *       "mergedInto": null,
                     *       "boardArchived": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deletePostsNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 125
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchPostsNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 121
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Export the board to CSV",
                 *       "body": "With the vote counts, please."
                 *     }
                 */
                "application/json": {
                    title?: string;
                    body?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ad4b54b5-2dbd-4d00-956b-2833da539eed",
                     *       "number": 121,
                     *       "slug": "export-the-board-to-csv",
                     *       "title": "Export the board to CSV",
                     *       "excerpt": "With the vote counts, please.",
                     *       "body": "With the vote counts, please.",
                     *       "board": {
                     *         "slug": "ideas",
                     *         "name": "Feature ideas"
                     *       },
                     *       "author": {
                     *         "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e01",
                     *         "displayName": "Ada Lovelace",
                     *         "avatarUrl": null,
                     *         "isTeam": false
                     *       },
                     *       "status": null,
                     *       "tags": [],
                     *       "voteCount": 0,
                     *       "commentCount": 0,
                     *       "voted": false,
                     *       "pinned": false,
                     *       "approval": "approved",
                     *       "createdAt": "2026-11-26T04:31:36.297Z",
                     *       "updatedAt": "2026-11-26T04:31:43.153Z",
                     *       "statusChangedAt": null,
                     *       "mergedInto": null,
                     *       "boardArchived": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postPostsNumberApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 124
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "approval": "approved"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    approval: "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "number": 124,
                     *       "approval": "approved"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPostsNumberComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": 1,
                     *           "postNumber": 120,
                     *           "author": {
                     *             "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e01",
                     *             "displayName": "Ada Lovelace",
                     *             "avatarUrl": null,
                     *             "isTeam": false
                     *           },
                     *           "body": "We would use this every evening (edited).",
                     *           "internal": false,
                     *           "createdAt": "2026-11-26T04:31:36.641Z",
                     *           "editedAt": "2026-11-26T04:31:41.694Z",
                     *           "deleted": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postPostsNumberComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "We would use this every evening."
                 *     }
                 */
                "application/json": {
                    body: string;
                    /** @default false */
                    internal?: boolean;
                    /** @description The customer this is done for (API keys with the write or admin scope only). */
                    onBehalfOf?: {
                        email: string;
                        name?: string;
                        externalId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 4,
                     *       "postNumber": 120,
                     *       "author": {
                     *         "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e01",
                     *         "displayName": "Ada Lovelace",
                     *         "avatarUrl": null,
                     *         "isTeam": false
                     *       },
                     *       "body": "We would use this every evening.",
                     *       "internal": false,
                     *       "createdAt": "2026-11-26T04:31:43.393Z",
                     *       "editedAt": null,
                     *       "deleted": false
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPostsNumberMentionSuggestions: {
        parameters: {
            query?: {
                /**
                 * @description The start of a display name, or of a word in it (case-insensitive). Empty: the first suggestions.
                 * @example ad
                 */
                q?: string;
                /**
                 * @description What is being written: a post or public comment (`comment`), or an internal note (`internal`: the team only).
                 * @example comment
                 */
                context?: "comment" | "internal";
            };
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": []
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postPostsNumberMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 122
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "into": 120
                 *     }
                 */
                "application/json": {
                    into: number;
                };
            };
        };
        responses: {
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description MERGE_INVALID: Those posts cannot be merged. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "post": {
                     *         "number": 122,
                     *         "title": "Night theme",
                     *         "voteCount": 0,
                     *         "mergedInto": {
                     *           "number": 120,
                     *           "title": "Dark mode for the dashboard"
                     *         }
                     *       },
                     *       "target": {
                     *         "number": 120,
                     *         "title": "Dark mode for the dashboard",
                     *         "voteCount": 3,
                     *         "mergedInto": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        post: {
                            number: number;
                            title: string;
                            voteCount: number;
                            mergedInto: ({
                                number: number;
                                title: string;
                            } | {
                                number: null;
                                title: null;
                            }) | null;
                        };
                        target: {
                            number: number;
                            title: string;
                            voteCount: number;
                            mergedInto: ({
                                number: number;
                                title: string;
                            } | {
                                number: null;
                                title: null;
                            }) | null;
                        } | null;
                    };
                };
            };
        };
    };
    deletePostsNumberMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 123
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "post": {
                     *         "number": 123,
                     *         "title": "Black background",
                     *         "voteCount": 0,
                     *         "mergedInto": null
                     *       },
                     *       "target": {
                     *         "number": 120,
                     *         "title": "Dark mode for the dashboard",
                     *         "voteCount": 3,
                     *         "mergedInto": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        post: {
                            number: number;
                            title: string;
                            voteCount: number;
                            mergedInto: ({
                                number: number;
                                title: string;
                            } | {
                                number: null;
                                title: null;
                            }) | null;
                        };
                        target: {
                            number: number;
                            title: string;
                            voteCount: number;
                            mergedInto: ({
                                number: number;
                                title: string;
                            } | {
                                number: null;
                                title: null;
                            }) | null;
                        } | null;
                    };
                };
            };
        };
    };
    postPostsNumberPin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 126
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pinned": true
                 *     }
                 */
                "application/json": {
                    pinned: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "number": 126,
                     *       "pinned": true
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchPostsNumberProperties: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ownerId": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03",
                 *       "eta": "2026-Q3",
                 *       "impact": 4,
                 *       "effort": 2
                 *     }
                 */
                "application/json": {
                    ownerId?: string | null;
                    eta?: string | null;
                    impact?: number | null;
                    effort?: number | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "owner": {
                     *         "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03",
                     *         "displayName": "Linus Pauling",
                     *         "avatarUrl": null
                     *       },
                     *       "eta": "2026-Q3",
                     *       "impact": 4,
                     *       "effort": 2,
                     *       "priority": 4
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postPostsNumberStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "statusId": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03",
                 *       "note": "Scheduled for the next release."
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    statusId: string;
                    /** @default  */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": {
                     *         "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03",
                     *         "slug": "planned",
                     *         "name": "Planned",
                     *         "color": "#8b5cf6",
                     *         "category": "planned"
                     *       },
                     *       "change": {
                     *         "id": 1,
                     *         "from": {
                     *           "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e02",
                     *           "slug": "under-review",
                     *           "name": "Under review",
                     *           "color": "#0ea5e9",
                     *           "category": "open"
                     *         },
                     *         "to": {
                     *           "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03",
                     *           "slug": "planned",
                     *           "name": "Planned",
                     *           "color": "#8b5cf6",
                     *           "category": "planned"
                     *         },
                     *         "by": {
                     *           "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03",
                     *           "displayName": "Linus Pauling"
                     *         },
                     *         "note": "Scheduled for the next release.",
                     *         "at": "2026-11-26T04:31:43.815Z"
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPostsNumberSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscribed": true
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putPostsNumberSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subscribed": true
                 *     }
                 */
                "application/json": {
                    subscribed: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscribed": true
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putPostsNumberTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tagIds": [
                 *         "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01",
                 *         "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02"
                 *       ]
                 *     }
                 */
                "application/json": {
                    tagIds: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tags": [
                     *         {
                     *           "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02",
                     *           "name": "Billing",
                     *           "color": "#7c3aed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putPostsNumberVote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The customer this is done for (API keys with the write or admin scope only). */
                    onBehalfOf?: {
                        email: string;
                        name?: string;
                        externalId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. VOTING_CLOSED: Voting is closed for this post. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "voted": true,
                     *       "voteCount": 3
                     *     }
                     */
                    "application/json": {
                        voted: boolean;
                        voteCount: number;
                        voter: {
                            /** Format: uuid */
                            id: string;
                            displayName: string;
                            created: boolean;
                        };
                    } | {
                        voted: boolean;
                        voteCount: number;
                    };
                };
            };
        };
    };
    deletePostsNumberVote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VOTING_CLOSED: Voting is closed for this post. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "voted": false,
                     *       "voteCount": 2
                     *     }
                     */
                    "application/json": {
                        voted: boolean;
                        voteCount: number;
                    };
                };
            };
        };
    };
    getPostsNumberVotes: {
        parameters: {
            query?: {
                cursor?: string;
                /** @example 50 */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "1b3c7cea-e6c9-4fdb-aa8c-13b37cd25904",
                     *           "displayName": "Tom Okafor",
                     *           "avatarUrl": null,
                     *           "votedAt": "2026-11-26T04:31:36.569Z"
                     *         }
                     *       ],
                     *       "nextCursor": null,
                     *       "voteCount": 2
                     *     }
                     */
                    "application/json": {
                        items: {
                            id: string | null;
                            displayName: string;
                            avatarUrl: string | null;
                            votedAt: string;
                            castBy?: string | null;
                            company?: {
                                name: string;
                                monthlyRevenueCents: number | null;
                            } | null;
                        }[];
                        nextCursor: string | null;
                        voteCount: number;
                    };
                };
            };
        };
    };
    postPostsNumberVotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "customer@example.com",
                 *       "displayName": "Casey Customer"
                 *     }
                 */
                "application/json": {
                    email: string;
                    displayName?: "" | string;
                    externalId?: string;
                };
            };
        };
        responses: {
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. VOTING_CLOSED: Voting is closed for this post. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "voted": true,
                     *       "voteCount": 3,
                     *       "voter": {
                     *         "id": "c67f3cec-59dc-4b73-895d-005ce7b60d2a",
                     *         "displayName": "Casey Customer",
                     *         "created": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        voted: boolean;
                        voteCount: number;
                        voter: {
                            /** Format: uuid */
                            id: string;
                            displayName: string;
                            created: boolean;
                        };
                    };
                };
            };
        };
    };
    getPostsNumberVotesCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.
                 * @example 120
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file (UTF-8 with a byte order mark): a header row, then one row per voter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example voter_name,voter_email,voted_at,cast_by,company,company_mrr
                     *     …
                     */
                    "text/csv": string;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a text/csv body, not JSON. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
        };
    };
    getPostsSimilar: {
        parameters: {
            query: {
                /** @example dark mode */
                title: string;
                /** @example ideas */
                board?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "4aca08a5-c338-4b86-ac28-d0622aba6449",
                     *           "number": 120,
                     *           "slug": "dark-mode-for-the-dashboard",
                     *           "title": "Dark mode for the dashboard",
                     *           "voteCount": 3,
                     *           "status": {
                     *             "name": "Planned",
                     *             "color": "#8b5cf6"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getRoadmap: {
        parameters: {
            query?: {
                /** @example ideas */
                board?: string;
                tag?: string;
                done?: "recent" | "all";
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "columns": [
                     *         {
                     *           "status": {
                     *             "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03",
                     *             "slug": "planned",
                     *             "name": "Planned",
                     *             "color": "#8b5cf6",
                     *             "category": "planned"
                     *           },
                     *           "total": 1,
                     *           "olderCount": 0,
                     *           "items": [
                     *             {
                     *               "id": "4aca08a5-c338-4b86-ac28-d0622aba6449",
                     *               "number": 120,
                     *               "slug": "dark-mode-for-the-dashboard",
                     *               "title": "Dark mode for the dashboard",
                     *               "voteCount": 3,
                     *               "voted": false,
                     *               "commentCount": 3,
                     *               "board": {
                     *                 "slug": "ideas",
                     *                 "name": "Feature ideas",
                     *                 "archived": false
                     *               },
                     *               "tags": [
                     *                 {
                     *                   "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02",
                     *                   "name": "Billing",
                     *                   "color": "#7c3aed"
                     *                 }
                     *               ],
                     *               "statusChangedAt": "2026-11-26T04:31:43.815Z",
                     *               "eta": "2026-Q3"
                     *             }
                     *           ],
                     *           "nextCursor": null
                     *         }
                     *       ],
                     *       "done": "recent",
                     *       "doneWindowDays": 90
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getRoadmapStatus: {
        parameters: {
            query?: {
                board?: string;
                tag?: string;
                done?: "recent" | "all";
                /** @example 20 */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The slug of a status shown as a roadmap column.
                 * @example planned
                 */
                status: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": {
                     *         "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03",
                     *         "slug": "planned",
                     *         "name": "Planned",
                     *         "color": "#8b5cf6",
                     *         "category": "planned"
                     *       },
                     *       "items": [
                     *         {
                     *           "id": "4aca08a5-c338-4b86-ac28-d0622aba6449",
                     *           "number": 120,
                     *           "slug": "dark-mode-for-the-dashboard",
                     *           "title": "Dark mode for the dashboard",
                     *           "voteCount": 3,
                     *           "voted": false,
                     *           "commentCount": 3,
                     *           "board": {
                     *             "slug": "ideas",
                     *             "name": "Feature ideas",
                     *             "archived": false
                     *           },
                     *           "tags": [
                     *             {
                     *               "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02",
                     *               "name": "Billing",
                     *               "color": "#7c3aed"
                     *             }
                     *           ],
                     *           "statusChangedAt": "2026-11-26T04:31:43.815Z",
                     *           "eta": "2026-Q3"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "workspaceName": "Acme feedback",
                 *       "displayName": "Grace Hopper",
                 *       "email": "grace@example.com",
                 *       "password": "a passphrase, long enough",
                 *       "demoData": false
                 *     }
                 */
                "application/json": {
                    workspaceName: string;
                    displayName: string;
                    email: string;
                    password: string;
                    demoData?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "done"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SETUP_DONE: Setup has already been completed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getStatuses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e01",
                     *           "slug": "open",
                     *           "name": "Open",
                     *           "color": "#64748b",
                     *           "category": "open",
                     *           "position": 0,
                     *           "onRoadmap": false,
                     *           "postCount": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postStatuses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shipped to beta",
                 *       "color": "#0d9488",
                 *       "category": "in_progress",
                 *       "onRoadmap": true
                 *     }
                 */
                "application/json": {
                    name: string;
                    color: string;
                    /** @enum {string} */
                    category: "open" | "planned" | "in_progress" | "done" | "closed";
                    /** @default false */
                    onRoadmap?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "615e8f8a-c583-4cf1-9ab0-9474106f7b0d",
                     *       "slug": "shipped-to-beta",
                     *       "name": "Shipped to beta",
                     *       "color": "#0d9488",
                     *       "category": "in_progress",
                     *       "position": 7,
                     *       "onRoadmap": true,
                     *       "postCount": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteStatusesId: {
        parameters: {
            query?: {
                /** @example 8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e01 */
                moveTo?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The status’s id.
                 * @example 8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e07
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e07",
                     *       "movedPosts": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchStatusesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The status’s id.
                 * @example 8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e07
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Needs details",
                 *       "color": "#a16207"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    color?: string;
                    /** @enum {string} */
                    category?: "open" | "planned" | "in_progress" | "done" | "closed";
                    onRoadmap?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e07",
                     *       "slug": "needs-details",
                     *       "name": "Needs details",
                     *       "color": "#a16207",
                     *       "category": "open",
                     *       "position": 2,
                     *       "onRoadmap": false,
                     *       "postCount": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postStatusesReorder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ids": [
                 *         "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e01",
                 *         "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e02",
                 *         "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e07",
                 *         "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03",
                 *         "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e04",
                 *         "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e05",
                 *         "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e06"
                 *       ]
                 *     }
                 */
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e01",
                     *           "slug": "open",
                     *           "name": "Open",
                     *           "color": "#64748b",
                     *           "category": "open",
                     *           "position": 0,
                     *           "onRoadmap": false,
                     *           "postCount": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02",
                     *           "name": "Billing",
                     *           "color": "#7c3aed",
                     *           "postCount": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Mobile",
                 *       "color": "#2563eb"
                 *     }
                 */
                "application/json": {
                    name: string;
                    color?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1bdf71f0-478e-400f-9d45-2e524feb8955",
                     *       "name": "Mobile",
                     *       "color": "#2563eb",
                     *       "postCount": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteTagsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tag’s id.
                 * @example c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b03
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b03",
                     *       "removedFromPosts": 0
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchTagsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tag’s id.
                 * @example c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Invoices",
                 *       "color": "#b45309"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    color?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02",
                     *       "name": "Invoices",
                     *       "color": "#b45309",
                     *       "postCount": 1
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getTriage: {
        parameters: {
            query?: {
                status?: string;
                board?: string;
                tag?: string;
                /** @example all */
                show?: "all" | "untriaged" | "pending" | "unresponded" | "rejected";
                owner?: ("me" | "none") | string;
                q?: string;
                /** @example votes */
                sort?: "newest" | "votes" | "trending" | "priority";
                cursor?: string;
                /** @example 30 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "4aca08a5-c338-4b86-ac28-d0622aba6449",
                     *           "number": 120,
                     *           "slug": "dark-mode-for-the-dashboard",
                     *           "title": "Dark mode for the dashboard",
                     *           "excerpt": "The dashboard is too bright at night.",
                     *           "board": {
                     *             "slug": "ideas",
                     *             "name": "Feature ideas"
                     *           },
                     *           "status": {
                     *             "id": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03",
                     *             "slug": "planned",
                     *             "name": "Planned",
                     *             "color": "#8b5cf6",
                     *             "category": "planned"
                     *           },
                     *           "tags": [
                     *             {
                     *               "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01",
                     *               "name": "Dashboard",
                     *               "color": "#0f766e"
                     *             }
                     *           ],
                     *           "author": {
                     *             "displayName": "Ola Nordmann"
                     *           },
                     *           "owner": {
                     *             "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03",
                     *             "displayName": "Linus Pauling"
                     *           },
                     *           "voteCount": 3,
                     *           "commentCount": 3,
                     *           "approval": "approved",
                     *           "eta": "2026-Q3",
                     *           "impact": 4,
                     *           "effort": 2,
                     *           "priority": 4,
                     *           "teamResponded": true,
                     *           "createdAt": "2026-11-26T04:31:35.557000Z"
                     *         }
                     *       ],
                     *       "nextCursor": null,
                     *       "total": 7,
                     *       "facets": {
                     *         "status": [
                     *           {
                     *             "key": "none",
                     *             "count": 5
                     *           }
                     *         ],
                     *         "board": [
                     *           {
                     *             "key": "feature-requests",
                     *             "count": 1
                     *           }
                     *         ],
                     *         "tag": [
                     *           {
                     *             "key": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01",
                     *             "count": 1
                     *           }
                     *         ],
                     *         "show": {
                     *           "all": 7,
                     *           "untriaged": 5,
                     *           "pending": 0,
                     *           "unresponded": 6,
                     *           "rejected": 0
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postTriageBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "numbers": [
                 *         120,
                 *         121
                 *       ],
                 *       "statusId": "8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e02",
                 *       "note": "",
                 *       "addTagIds": [
                 *         "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01"
                 *       ]
                 *     }
                 */
                "application/json": {
                    numbers: number[];
                    /** Format: uuid */
                    statusId?: string;
                    /** @default  */
                    note?: string;
                    /** @default [] */
                    addTagIds?: string[];
                    /** @default [] */
                    removeTagIds?: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "changed": [
                     *         120
                     *       ],
                     *       "skipped": []
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getTriagePriorityWeights: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "votes": 1,
                     *       "impact": 1,
                     *       "effort": 0.5
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putTriagePriorityWeights: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "votes": 1,
                 *       "impact": 2,
                 *       "effort": 1
                 *     }
                 */
                "application/json": {
                    votes: number;
                    impact: number;
                    effort: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "votes": 1,
                     *       "impact": 2,
                     *       "effort": 1
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getTriageViews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": 1,
                     *           "name": "Top untriaged",
                     *           "query": "show=untriaged&sort=votes"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postTriageViews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Untriaged bugs",
                 *       "query": "show=untriaged&board=bugs"
                 *     }
                 */
                "application/json": {
                    name: string;
                    query: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 2,
                     *       "name": "Untriaged bugs",
                     *       "query": "show=untriaged&board=bugs"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT: That value is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteTriageViewsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The saved triage view’s id.
                 * @example 3
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postUnsubscribe: {
        parameters: {
            query: {
                /** @example uN4sB7dF1gH5jK8lQ2wE6rTyZx */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "List-Unsubscribe": "One-Click"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    "List-Unsubscribe"?: "One-Click";
                };
                "application/x-www-form-urlencoded": {
                    /** @constant */
                    "List-Unsubscribe"?: "One-Click";
                };
                "multipart/form-data": {
                    /** @constant */
                    "List-Unsubscribe"?: "One-Click";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "kinds": [
                     *         "status_changed"
                     *       ]
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOKEN_INVALID: This link has expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postWidgetSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjdXN0LTQzIiwiZW1haWwiOiJqb25hc0BleGFtcGxlLmNvbSIsIm5hbWUiOiJKb25hcyBCZXJnIiwiYXVkIjoiaHR0cHM6Ly9mZWVkYmFjay5leGFtcGxlLmNvbSIsImp0aSI6IjNiN2QxYzQwIiwiaWF0IjoxNzk1NjcwMDAwLCJleHAiOjE3OTU2NzAzMDB9.Wm2pQ7xV4kN9bT1cR6yH3sL8dF0gJ5aE2uZ7oPiMq4s"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "cwt_Qm9vdHN0cmFwLXdpZGdldC1zZXNzaW9uLXRva2VuLTAx",
                     *       "expiresAt": "2026-11-26T08:14:03.089Z",
                     *       "user": {
                     *         "id": "8a1f3c5e-2b4d-4e6f-9a0b-1c2d3e4f5a6b",
                     *         "displayName": "Jonas Berg"
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description INVALID_JSON: The request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ACCOUNT_BANNED: This account has been suspended. FORBIDDEN: You do not have permission to do that. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: We could not find that. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOKEN_INVALID: This link has expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: That is too large to upload. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: That content type is not supported. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Acme feedback",
                     *       "logoUrl": "/api/v1/branding/a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02",
                     *       "faviconUrl": null,
                     *       "showPoweredBy": true,
                     *       "accentColor": "#4f46e5",
                     *       "defaultTheme": "system",
                     *       "defaultLocale": "en",
                     *       "access": "public"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description UNAUTHENTICATED: Please sign in to continue. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description VALIDATION_FAILED: Some fields need another look. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: Too many attempts. Please wait a moment and try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: Something went wrong on our side. Please try again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success: a JSON body, or no content (204). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
