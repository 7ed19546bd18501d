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
         * @description The key stops working at once, on every instance. It stays in the list, marked revoked. Revoking twice is harmless. Answers the key as listed.
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
         * @description The request body is the image file (at most 5 MiB; PNG, JPEG, GIF or WebP, recognised by its content). The logo is kept at most 1024 px and shown 96 px high; the favicon as 32 px and 180 px squares (PNG). It replaces the previous one, which is deleted. Answers the current logo and favicon URLs.
         */
        put: operations["putAdminBrandingAsset"];
        post?: never;
        /**
         * Remove the logo or favicon
         * @description Admins remove the uploaded logo (the accent-coloured square is shown again) or favicon (Chorus’s own comes back). Answers the current logo and favicon URLs.
         */
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
        /**
         * List changelog entries for the team
         * @description Every changelog entry as the team edits it, for moderators and admins: drafts (scheduled ones included) first, then published entries, each group most recent first; at most 200.
         */
        get: operations["getAdminChangelog"];
        put?: never;
        /**
         * Write a draft changelog entry
         * @description Creates a draft with a title, Markdown text, a label and optionally linked posts and the done-category status they move to when it is published. Its slug is made from the title and kept afterwards. Answers the entry (201).
         */
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
        /**
         * Get a changelog entry for the team
         * @description One entry, draft or published, as the team edits it (moderators and admins).
         */
        get: operations["getAdminChangelogId"];
        put?: never;
        post?: never;
        /**
         * Delete a changelog entry
         * @description Deletes the entry, draft or published, and withdraws its scheduled publication if any. Answers its id.
         */
        delete: operations["deleteAdminChangelogId"];
        options?: never;
        head?: never;
        /**
         * Change a changelog entry
         * @description Changes only the fields sent: title, text, label, linked posts (the list replaces the old one) or the status its posts move to on publication. The slug stays as it was first made. Answers the entry.
         */
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
         * Publish a changelog entry now
         * @description Moves the linked posts to the entry’s done-category status when it names one, and notifies. Publishing a published entry does nothing. Answers the entry and `postsMoved`, the number of posts whose status changed.
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
        /**
         * Schedule the publication of a draft
         * @description The draft is published at `at`, a time in the future, as if the caller published it then; a new time replaces an earlier one. An entry already published is a conflict. Answers the entry.
         */
        put: operations["putAdminChangelogIdSchedule"];
        post?: never;
        /**
         * Withdraw a scheduled publication
         * @description The entry stays a draft with no publication planned (nothing changes when none was). Answers the entry.
         */
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
        /**
         * Unpublish a changelog entry
         * @description Takes a published entry back to draft, off the public pages; the posts it moved keep their status. A draft is left as it is. Answers the entry.
         */
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
        /**
         * List changelog labels
         * @description The labels an entry may carry, in their order (moderators and admins).
         */
        get: operations["getAdminChangelogLabels"];
        put?: never;
        /**
         * Add a changelog label
         * @description Admins add a label; its slug is made from the name. A name already in use is a conflict. Answers the label (201).
         */
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
         * Read the email delivery status
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
         * @description The whole workspace as one JSON file (chorus.workspace-export v1): settings, members without secrets, statuses, tags, boards, posts, votes, comments, status history, subscriptions and the changelog. POST /api/v1/admin/import takes it back. Each export is recorded in the audit log.
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
         * @description Every row is checked before anything is written; a bad row refuses the whole import (422, `fields` names each row and why). A Chorus export goes only into a workspace without posts (409 otherwise). Answers what was taken in.
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
         * Read the insights
         * @description Activity per week, where new posts stand, top requests, first response time and the most active boards, for a period. Counts every board, private ones included. Days and weeks are UTC, weeks start on Monday. period is 30d (default), 90d, 12m or custom with from and to (YYYY-MM-DD, at most 731 days).
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
        /**
         * Read the email outbox
         * @description Every email the workspace sent or queued, newest first, a page at a time (`cursor`, `limit`; `to` for one address), with its text, HTML and delivery state. Without an SMTP server (`smtpConfigured` false) emails stay here for an admin to pass on. Admins.
         */
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
        /**
         * Get the workspace settings
         * @description Every workspace setting an admin edits: name, accent colour, theme, language, who may read, sign-up policy and allowed domains, moderation, email confirmation, the footer credit and the origins that may embed the widget.
         */
        get: operations["getAdminSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change workspace settings
         * @description Admins change any subset of the settings; the result is checked as a whole (a domain allowlist needs at least one domain), and only what changed is written and audited. Answers every setting.
         */
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
         * Read the single sign-on settings
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
         * @description Off means single sign-on only. Refused (409) unless the admin asking has signed in through an enabled provider. CHORUS_FORCE_PASSWORD_SIGN_IN=1 in the environment turns it back on whatever is stored (recovery). Answers the settings.
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
         * @description oidc needs `issuer` (discovery); google and github have theirs. The client secret is encrypted with CHORUS_SECRET_KEY and never answered; leave it out to keep the stored one. 409 when CHORUS_SECRET_KEY is not set, or when disabling the last enabled provider while password sign-in is off. Answers the provider as saved.
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
        /**
         * List webhook endpoints
         * @description Every webhook endpoint (admins), each with its state and the outcome of its last delivery attempt. Signing secrets are never listed.
         */
        get: operations["getAdminWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Admins add a URL to send the chosen events to, in the generic, Slack or Discord format. A URL the server may not reach (an internal or private address) is refused. Answers the endpoint with its signing secret (201), the only time the secret is shown.
         */
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
        /**
         * Get a webhook endpoint
         * @description One webhook endpoint (admins), with its state and its last delivery attempt; not its secret.
         */
        get: operations["getAdminWebhooksId"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint with its pending deliveries and its delivery log; no more events are sent to it.
         */
        delete: operations["deleteAdminWebhooksId"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes only the fields sent (URL, description, events, format, whether private boards’ events are included); a new URL is checked as when adding. Answers the endpoint.
         */
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
        /**
         * List a webhook endpoint’s delivery attempts
         * @description The endpoint’s delivery log (admins): every attempt, newest first, 20 a page (`cursor`), with the status code, the start of the receiver’s answer or the error, and the delivery’s state now.
         */
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
        /**
         * Redeliver a webhook event
         * @description Sends a delivery’s event again, as a new delivery with the same event id (receivers may deduplicate on it). A disabled endpoint is a conflict, except for test events. Answers 202 with the new delivery’s id and the event id.
         */
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
        /**
         * Enable a disabled webhook endpoint
         * @description Enables an endpoint that was disabled after repeated failed deliveries; new events go to it again. An active endpoint is left as it is. Answers the endpoint.
         */
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
        /**
         * Rotate a webhook signing secret
         * @description Replaces the endpoint’s signing secret at once: deliveries from now on are signed with the new one, so the receiver must switch. Answers the endpoint with the new secret, shown this once.
         */
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
        /**
         * Send a test event to a webhook endpoint
         * @description Queues a `webhook.test` event for this endpoint, sent at once in the background and tried once; its outcome appears in the delivery log. Answers 202 with the delivery and event ids.
         */
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
        /**
         * Read the audit log
         * @description Who did what, newest first, a page at a time (`cursor`, `limit`): each event with its actor, target, a sentence in English made of text, links and times, the recorded before and after values, and the IP address. Admins.
         */
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
         * @description Always 202, with the same answer whether or not the address has an account. Answers `check-email` when the workspace sends email, or `ask-admin` when it has no SMTP server configured (the email then waits in the outbox for an admin). FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md).
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
         * @description The token is a JWT the host product signs with the workspace identify secret (HS256, `aud` the board’s public URL, at most 10 minutes between `iat` and `exp`, a `jti` used once; see docs/identify.md). The person is found by external id, then by email, or created as a member without a password; their company is recorded. Answers who was signed in, and whether their account was created now. TOKEN_INVALID names what is wrong with the token; NOT_FOUND when no identify secret exists; FORBIDDEN for a team member’s address or one linked to another external id.
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
         * @description Always 202, with the same answer whether or not the address has an account. Answers `check-email` when the workspace sends email, or `ask-admin` when it has no SMTP server configured (the email then waits in the outbox for an admin). FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md).
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
        /**
         * Set a new password with an emailed reset link
         * @description Sets the new password, confirms the address (the link proves it), ends every session of the account and signs this browser in. TOKEN_INVALID for a used, expired or unknown link. FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md).
         */
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
         * @description Checks the email address and password and signs this browser in (a session cookie). INVALID_CREDENTIALS does not say which of the two was wrong. FORBIDDEN when the address is not confirmed yet and the workspace requires it (a new confirmation link is queued), or while the workspace signs in through single sign-on only (docs/sso.md).
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
        /**
         * Sign out
         * @description Ends this browser’s session and clears its cookie; other sessions of the account go on. 204 also when no one was signed in.
         */
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
         * @description Slugs are unique and not reserved words; a private board is seen by the team and the granted members. Answers 201 with the board, its granted members included.
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
         * @description Any of name, slug, description, visibility, posting, grantedUserIds (replaces the list) and archived. Answers the board, its granted members included.
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
         * @description The listed boards take the given order, in the places they held; boards not listed keep theirs. Answers every board in the new order.
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
         * List published changelog entries
         * @description Published entries, newest first, for anyone who may read the workspace. Filter by label slug with `label`; page with `cursor` and `limit`. Linked posts are listed only where the caller may see them.
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
        /**
         * Get a published changelog entry
         * @description One published entry by its slug; a draft or an unknown slug is 404. Linked posts are listed only where the caller may see them.
         */
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
        /**
         * Check whether you follow the changelog
         * @description Whether the signed-in person follows the changelog, that is, hears about every entry published.
         */
        get: operations["getChangelogSubscription"];
        /**
         * Follow the changelog
         * @description The signed-in person follows the changelog: each entry published then notifies them (and emails them, as their notification preferences allow). Following again changes nothing.
         */
        put: operations["putChangelogSubscription"];
        post?: never;
        /**
         * Stop following the changelog
         * @description The signed-in person stops following the changelog. They still hear about entries that ship posts they voted for or follow.
         */
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
        /**
         * Delete a comment
         * @description Deletes a comment: it stays in the thread as deleted, without its body. Authors may delete their own; moderators any but an admin’s, admins any.
         */
        delete: operations["deleteCommentsId"];
        options?: never;
        head?: never;
        /**
         * Edit a comment
         * @description Replaces a comment’s body. Authors may edit for 30 minutes; moderators may edit any comment but an admin’s, admins any. Answers the comment.
         */
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
        /**
         * Read the team’s inbox
         * @description Two sections, newest first, each paged on its own cursor: posts awaiting approval, and posts without a status. For moderators and admins.
         */
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
        /**
         * List pending invitations
         * @description Invitations not yet used and not expired, to addresses that have no account, newest first: to whom, the role, who made the current link, and when it expires. At most 100; `total` counts them all. The links themselves are never listed: they are kept hashed. Admins.
         */
        get: operations["getInvitations"];
        put?: never;
        /**
         * Invite someone by email
         * @description Makes a single-use sign-up link that gives the new account the chosen role, and queues the invitation email. Answers the link, in this answer only (it is kept hashed), and `delivery`: `queued` when an SMTP server sends it, `smtp_off` when the email can only wait in the outbox and the link is for you to pass on. Inviting an address again replaces its pending invitation (the earlier link stops working). 409 when the address already has an account. Admins.
         */
        post: operations["postInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}": {
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
         * Revoke an invitation
         * @description Its link stops working at once, and its invitation email is withdrawn from the outbox if it has not been sent. 404 when no pending invitation has this id (used, revoked or expired). Admins.
         */
        delete: operations["deleteInvitationsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an invitation’s link
         * @description An earlier link cannot be shown again (links are kept hashed), so this makes a new one, valid for 7 days, and answers it for you to pass on; the previous link stops working and its unsent email is withdrawn. Nothing is emailed (`delivery` is `none`). 404 when no pending invitation has this id. Admins.
         */
        post: operations["postInvitationsIdLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend an invitation
         * @description Makes a new link, valid for 7 days, and queues a new invitation email with it; the previous link stops working and its unsent email is withdrawn. Answers the new link as creating does, with `delivery` `queued` or `smtp_off` (no SMTP server: the email waits in the outbox and the link is for you to pass on). 404 when no pending invitation has this id. Admins.
         */
        post: operations["postInvitationsIdResend"];
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
        /**
         * Preview Markdown
         * @description Renders Markdown (a post, comment or note being written) to the same safe tree the pages show: elements and plain text, never HTML. Visitors may preview too; it is limited per person, or per address for visitors.
         */
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
        /**
         * Read your account
         * @description The signed-in person: id, name, email address, avatar, role, whether the address is confirmed, and their language setting (null: chosen per request). 401 for visitors.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        /**
         * Delete your account
         * @description Send `{"confirm": "DELETE"}`. Erases your personal data (your posts and comments stay, as “Deleted user”), ends every session and emailed link, and signs this browser out. 409 LAST_ADMIN for the only admin.
         */
        delete: operations["deleteMe"];
        options?: never;
        head?: never;
        /**
         * Change your name and avatar
         * @description Sets the display name, and the avatar link when `avatarUrl` is given (an https link to an image on a named host; null or empty removes it). Answers the account. Recorded in the audit log.
         */
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
        /**
         * Change your email address
         * @description Needs your password. A single-use confirmation link goes to the new address (`pendingEmail`); the account keeps its current address until the link is followed. `ask-admin` when the workspace cannot send email (the link waits in the outbox).
         */
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
        /**
         * Download your data
         * @description Everything Chorus keeps about you, as a JSON attachment (chorus-account-<date>.json): profile, notification settings, sessions, linked sign-in providers, and your posts, comments and votes. No password or token hashes.
         */
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
        /**
         * Choose your language
         * @description The language of your pages and emails, one of the supported locales; null follows the browser, then the workspace default. Answers the setting.
         */
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
         * Read your notification preferences
         * @description Every event kind you can receive, on each channel (`email`, `in_app`), with its setting (your choice or the default).
         */
        get: operations["getMeNotificationPreferences"];
        /**
         * Change notification preferences
         * @description Sets the listed kind × channel pairs; the others keep their setting. Answers every preference, as the GET does.
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
         * List your notifications
         * @description Your in-app notifications, newest first, a page at a time (`cursor`, `limit`; `unread=1` for unread only); `unread` is the count for the bell. A notification about a post you can no longer see drops out.
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
        /**
         * Mark a notification read
         * @description Marks one of your notifications read (marking it again changes nothing) and answers the unread count. 404 for anyone else’s.
         */
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
        /**
         * Mark all notifications read
         * @description Marks every one of your notifications read and answers the unread count (0).
         */
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
        /**
         * Count your unread notifications
         * @description The number on the bell: your unread in-app notifications about things you can still see.
         */
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
        /**
         * Change your password
         * @description Needs `currentPassword` when the account has a password; an account without one sets its first. Every other session of the account ends; this one stays. A wrong current password is 422 on that field.
         */
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
        /**
         * List members
         * @description Everyone with an account, newest first, a page at a time (`cursor`, `limit`), with their role and state (active, banned, or unverified until their email address is confirmed). `q` searches names and email addresses. Moderators and admins.
         */
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
        /**
         * Change a member's role
         * @description Admins set anyone’s role, their own included, as long as an active admin remains (409 LAST_ADMIN). A change ends the person’s sessions, so they sign in afresh with the new role. Answers the person.
         */
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
         * @description Moderators ban members only; admins ban anyone but themselves. Ends all of their sessions; they then get 403 ACCOUNT_BANNED on sign-in. 403 for oneself and for a moderator banning a moderator or an admin; 409 LAST_ADMIN for the last active admin. Banning a banned person changes nothing. Answers the person.
         */
        post: operations["postMembersIdBan"];
        /**
         * Lift a ban
         * @description The same rule as banning: moderators unban members only; admins anyone but themselves. Unbanning someone who is not banned changes nothing. Answers the person.
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
         * @description For a workspace that cannot send email, or a person whose confirmation email never arrived. The person keeps the password chosen at sign-up. Idempotent. Answers the person.
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
        /**
         * Get the OpenAPI document
         * @description The OpenAPI 3.1 document of this API: every operation under /api/v1, who may call it, its parameters, request body, success answer, errors and examples. Public, even where the workspace requires sign-in; cached for five minutes.
         */
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
        /**
         * Create a post
         * @description Posts on a board the caller may see and post on (not an archived board, nor a team-only one unless they are the team). Answers 201 with the post; with moderation on, `approval` says whether it awaits approval. An API key with the write or admin scope may send `onBehalfOf` to post as a customer.
         */
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
        /**
         * Read a post
         * @description One post with its Markdown source, status, tags, counts and where it was merged. A post the caller may not see (a private board, pending or rejected, deleted) answers 404.
         */
        get: operations["getPostsNumber"];
        put?: never;
        post?: never;
        /**
         * Delete a post
         * @description Deletes the post (it is hidden, not erased). Authors may delete their own posts; moderators any but an admin’s, admins any.
         */
        delete: operations["deletePostsNumber"];
        options?: never;
        head?: never;
        /**
         * Edit a post
         * @description Changes the title and/or body. Authors may edit for 30 minutes, until the team changes the status; moderators may edit any post but an admin’s, admins any. A merged post is read-only. Answers the post.
         */
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
        /**
         * Approve or reject a post
         * @description The team decides on a post awaiting approval: approved makes it public; rejected hides it and tells its author by email. A post already decided is a conflict.
         */
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
        /**
         * List a post’s comments
         * @description The comments of a post the caller may see, oldest first; internal notes only to the team. A deleted comment stays in its place with no body (`deleted` true).
         */
        get: operations["getPostsNumberComments"];
        put?: never;
        /**
         * Comment on a post
         * @description Adds a comment (Markdown) to a post the caller may see, unless its board is archived, team-only (for others than the team) or the post was merged. The team may write internal notes (`internal`). An API key with the write or admin scope may send `onBehalfOf` to comment as a customer. Answers 201 with the comment.
         */
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
        /**
         * Pin or unpin a post
         * @description The team pins a post (pinned posts lead their board’s trending list) or unpins it.
         */
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
        /**
         * Set a post’s team properties
         * @description The team’s own properties of a post: its owner (a moderator or admin), when it is expected (a month or a quarter), impact and effort (1 to 5). Fields left out stay; null clears one. Answers every property and the priority they give.
         */
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
        /**
         * Change a post’s status
         * @description The team moves a post to a status, with an optional public note (Markdown) that its voters and subscribers are told of. Answers the status and the history entry written; the same status again without a note changes nothing (`change` null).
         */
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
        /**
         * Read your subscription to a post
         * @description Whether the signed-in person follows a post they may see. Posting, voting and commenting subscribe a member unless they chose otherwise.
         */
        get: operations["getPostsNumberSubscription"];
        /**
         * Follow or unfollow a post
         * @description The signed-in person follows a post they may see, or stops; an explicit choice wins over later automatic ones. On a team-only board only the team may follow. Answers the choice.
         */
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
        /**
         * Set a post’s tags
         * @description The team replaces the post’s tags with the listed ones (at most 10, each an existing tag). Answers the tags now.
         */
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
        /**
         * Suggest similar posts
         * @description Posts the caller may see whose titles resemble `title`, best match first: shown while a new post’s title is typed, so that people vote instead of posting a duplicate.
         */
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
         * Read the roadmap
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
         * Page through a roadmap column
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
        /**
         * Set up the workspace
         * @description The first run only: names the workspace, creates its first admin and signs this browser in as them. `demoData: true` adds sample content in the background. 409 SETUP_DONE once setup is done.
         */
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
        /**
         * List statuses
         * @description Every status in order, each with its category, whether it is on the roadmap, and how many of the posts the caller may see are on it.
         */
        get: operations["getStatuses"];
        put?: never;
        /**
         * Create a status
         * @description Admins add a status: a name (1 to 30 characters, unique regardless of case), a colour, a category, and whether it is a roadmap column. Answers 201 with the status.
         */
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
        /**
         * Delete a status
         * @description Admins delete a status. When posts use it, `moveTo` must name another status, and they move there; without it that is a conflict, as is deleting the last status. Answers the id and how many posts moved.
         */
        delete: operations["deleteStatusesId"];
        options?: never;
        head?: never;
        /**
         * Change a status
         * @description Admins change a status’s name (its slug follows), colour, category or roadmap flag; fields left out stay. Answers the status.
         */
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
        /**
         * Reorder the statuses
         * @description Admins list every status exactly once, in the new order. Answers every status in that order.
         */
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
        /**
         * List tags
         * @description Every tag by name, each with how many of the posts the caller may see carry it.
         */
        get: operations["getTags"];
        put?: never;
        /**
         * Create a tag
         * @description Admins add a tag: a name (1 to 30 characters, unique regardless of case) and a colour. Answers 201 with the tag.
         */
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
        /**
         * Delete a tag
         * @description Admins delete a tag; the posts that carried it lose it. Answers the tag’s id and how many posts lost it.
         */
        delete: operations["deleteTagsId"];
        options?: never;
        head?: never;
        /**
         * Change a tag
         * @description Admins rename or recolour a tag; fields left out stay. Answers the tag.
         */
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
        /**
         * List posts to triage
         * @description The team’s triage list: posts under the filters (status, board, tag, owner, queue, search), sorted, a page at a time, with how many match and live counts of every facet. Each facet counts under every other filter but its own.
         */
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
        /**
         * Change several posts at once
         * @description One status (with an optional public note) and/or tags added and removed, on up to 100 posts. Each post changes on its own; one that cannot (not found, or more than 10 tags) is listed in `skipped` with the reason, and the others still change.
         */
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
        /**
         * Read the priority weights
         * @description The weights of votes, impact and effort in the priority formula the triage list sorts by.
         */
        get: operations["getTriagePriorityWeights"];
        /**
         * Change the priority weights
         * @description Admins set the weights of votes and impact (0 to 5) and of effort (0 to 2). Every post’s priority is then computed again in the background. Answers the weights.
         */
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
        /**
         * List your saved triage views
         * @description The triage views the signed-in team member saved, oldest first: each a name for a triage URL query.
         */
        get: operations["getTriageViews"];
        put?: never;
        /**
         * Save a triage view
         * @description Names a triage URL query (its filters and sort; paging is dropped) for the signed-in team member. Names are unique per person, and one keeps at most 30 views. Answers 201 with the view.
         */
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
        /**
         * Delete a saved triage view
         * @description Deletes one of the signed-in team member’s saved views; another person’s view answers 404.
         */
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
        /**
         * Get the workspace’s public face
         * @description The workspace as its readers see it: name, logo and favicon URLs, accent colour, default theme and language, whether the footer names Chorus, and who may read it. In a workspace that requires sign-in, visitors get 401.
         */
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
        AccountExport: {
            /** @constant */
            format: "chorus.account-export.v1";
            exportedAt: string;
            profile: {
                id: string;
                email: string;
                displayName: string;
                avatarUrl: string | null;
                /** @enum {string} */
                role: "member" | "moderator" | "admin";
                locale: ("en" | "de" | "fr" | "es" | "pt-BR" | "ja" | "ar") | null;
                emailVerifiedAt: string | null;
                createdAt: string;
                updatedAt: string;
                notificationPreferences: {
                    /** @enum {string} */
                    kind: "status_changed" | "comment" | "mention" | "changelog" | "approval" | "team_new_post" | "team_awaiting_approval" | "admin_webhook_disabled";
                    /** @enum {string} */
                    channel: "email" | "in_app";
                    enabled: boolean;
                }[];
                pendingEmailChange: string | null;
            };
            sessions: {
                createdAt: string;
                lastSeenAt: string;
                expiresAt: string;
                ip: string | null;
                userAgent: string | null;
                current: boolean;
            }[];
            signInProviders: {
                /** @enum {string} */
                provider: "oidc" | "google" | "github";
                subject: string;
                linkedAt: string;
                lastSignInAt: string;
            }[];
            posts: {
                number: number;
                board: string;
                title: string;
                body: string;
                /** @enum {string} */
                approval: "pending" | "approved" | "rejected";
                createdAt: string | null;
                updatedAt: string | null;
                deletedAt: string | null;
            }[];
            comments: {
                id: number;
                postNumber: number | null;
                body: string;
                internal: boolean;
                createdAt: string | null;
                editedAt: string | null;
                deletedAt: string | null;
            }[];
            votes: {
                postNumber: number | null;
                createdAt: string | null;
                castOnYourBehalf: boolean;
            }[];
        };
        AdminBoard: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            description: string;
            /** @enum {string} */
            visibility: "public" | "private";
            /** @enum {string} */
            posting: "members" | "team";
            archived: boolean;
            position: number;
            postCount: number;
            grantedMembers: {
                /** Format: uuid */
                id: string;
                displayName: string;
                email: string;
            }[];
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            prefix: string;
            /** @enum {string} */
            scope: "read" | "write" | "admin";
            createdBy: {
                /** Format: uuid */
                id: string;
                displayName: string;
            } | null;
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
        };
        Attachment: {
            /** Format: uuid */
            id: string;
            url: string;
            webUrl: string;
            markdown: string;
            filename: string;
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
            size: number;
            width: number;
            height: number;
        };
        AuditEvent: {
            id: number;
            at: string;
            action: string;
            actor: {
                id: string | null;
                label: string;
                href: string | null;
            };
            target: {
                type: string;
                id: string | null;
                label: string;
                href: string | null;
            } | null;
            related: {
                text: string;
                href: string | null;
            } | null;
            sentence: ({
                /** @constant */
                t: "text";
                v: string;
            } | {
                /** @constant */
                t: "ref";
                v: string;
                href: string | null;
            } | {
                /** @constant */
                t: "time";
                iso: string;
            })[];
            /** @description The changed values before, as recorded (any JSON), or null. */
            before: unknown;
            /** @description The changed values after, as recorded (any JSON), or null. */
            after: unknown;
            ip: string | null;
        };
        Author: {
            id: string | null;
            displayName: string;
            avatarUrl: string | null;
            isTeam: boolean;
        };
        Board: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            description: string;
            /** @enum {string} */
            visibility: "public" | "private";
            /** @enum {string} */
            posting: "members" | "team";
            archived: boolean;
            position: number;
            postCount: number;
        };
        ChangelogEntry: {
            slug: string;
            title: string;
            body: string;
            excerpt: string;
            label: components["schemas"]["ChangelogLabel"];
            publishedAt: string;
            updatedAt: string;
            posts: {
                number: number;
                title: string;
                slug: string;
            }[];
        };
        ChangelogLabel: {
            slug: string;
            name: string;
        };
        ChangelogTeamEntry: {
            /** Format: uuid */
            id: string;
            slug: string;
            title: string;
            body: string;
            label: components["schemas"]["ChangelogLabel"];
            /** @enum {string} */
            state: "draft" | "published";
            publishedAt: string | null;
            scheduledFor: string | null;
            publishStatusId: string | null;
            author: string | null;
            posts: {
                number: number;
                title: string;
                slug: string;
            }[];
            createdAt: string;
            updatedAt: string;
        };
        Comment: {
            id: number;
            postNumber: number;
            author: components["schemas"]["Author"];
            body: string | null;
            internal: boolean;
            createdAt: string;
            editedAt: string | null;
            deleted: boolean;
        };
        InsightsReport: {
            period: {
                /** @enum {string} */
                key: "30d" | "90d" | "12m" | "custom";
                from: string;
                to: string;
                /** @constant */
                timezone: "UTC";
            };
            updatedAt: string | null;
            weeks: {
                week: string;
                posts: number;
                votes: number;
                comments: number;
            }[];
            statuses: {
                name: string | null;
                color: string | null;
                count: number;
            }[];
            topRequests: {
                number: number;
                title: string;
                board: string;
                votesGained: number;
                voteCount: number;
            }[];
            firstResponse: {
                medianSeconds: number | null;
                answered: number;
                unanswered: number;
            };
            boards: {
                slug: string;
                name: string;
                posts: number;
                votes: number;
                comments: number;
            }[];
        };
        MarkdownBlock: {
            /** @constant */
            t: "p";
            c: components["schemas"]["MarkdownInline"][];
        } | {
            /** @constant */
            t: "h";
            level: 3 | 4 | 5 | 6;
            c: components["schemas"]["MarkdownInline"][];
        } | {
            /** @constant */
            t: "pre";
            lang: string | null;
            v: string;
        } | {
            /** @constant */
            t: "quote";
            c: components["schemas"]["MarkdownBlock"][];
        } | {
            /** @constant */
            t: "list";
            ordered: boolean;
            start: number | null;
            items: {
                checked: boolean | null;
                c: components["schemas"]["MarkdownBlock"][];
            }[];
        } | {
            /** @constant */
            t: "hr";
        } | {
            /** @constant */
            t: "table";
            head: components["schemas"]["MarkdownInline"][][];
            rows: components["schemas"]["MarkdownInline"][][][];
        };
        MarkdownInline: string | {
            /** @enum {string} */
            t: "em" | "strong" | "del";
            c: components["schemas"]["MarkdownInline"][];
        } | {
            /** @constant */
            t: "code";
            v: string;
        } | {
            /** @constant */
            t: "a";
            href: string;
            c: components["schemas"]["MarkdownInline"][];
        } | {
            /** @constant */
            t: "br";
        } | {
            /** @constant */
            t: "mention";
            v: string;
            id: string;
        } | {
            /** @constant */
            t: "img";
            id: string;
            alt: string;
            w?: number;
            h?: number;
        };
        Member: {
            id: string;
            displayName: string;
            email: string;
            avatarUrl: string | null;
            /** @enum {string} */
            role: "member" | "moderator" | "admin";
            /** @enum {string} */
            state: "active" | "banned" | "unverified";
            joinedAt: string;
        };
        MentionSuggestion: {
            /** Format: uuid */
            id: string;
            displayName: string;
            avatarUrl: string | null;
        };
        Notification: {
            id: number;
            /** @enum {string} */
            kind: "status_changed" | "comment" | "mention" | "changelog" | "approval" | "team_new_post" | "team_awaiting_approval" | "admin_webhook_disabled";
            headline: string;
            message: string | null;
            args: {
                [key: string]: string | number;
            };
            path: string | null;
            excerpt: string | null;
            read: boolean;
            createdAt: string;
        };
        Post: {
            /** Format: uuid */
            id: string;
            number: number;
            slug: string;
            title: string;
            excerpt: string;
            board: {
                slug: string;
                name: string;
            };
            author: components["schemas"]["Author"];
            status: components["schemas"]["StatusRef"] | null;
            tags: components["schemas"]["TagRef"][];
            voteCount: number;
            commentCount: number;
            voted: boolean;
            pinned: boolean;
            /** @enum {string} */
            approval: "pending" | "approved" | "rejected";
            createdAt: string;
            updatedAt: string;
            highlight?: {
                title: {
                    text: string;
                    match: boolean;
                }[];
                excerpt: {
                    text: string;
                    match: boolean;
                }[];
            };
            body: string;
            statusChangedAt: string | null;
            mergedInto: ({
                number: number;
                slug: string;
                title: string;
            } | {
                number: null;
                slug: null;
                title: null;
            }) | null;
            boardArchived: boolean;
        };
        PostPage: {
            items: components["schemas"]["PostSummary"][];
            nextCursor: string | null;
            prevCursor: string | null;
        };
        PostSummary: {
            /** Format: uuid */
            id: string;
            number: number;
            slug: string;
            title: string;
            excerpt: string;
            board: {
                slug: string;
                name: string;
            };
            author: components["schemas"]["Author"];
            status: components["schemas"]["StatusRef"] | null;
            tags: components["schemas"]["TagRef"][];
            voteCount: number;
            commentCount: number;
            voted: boolean;
            pinned: boolean;
            /** @enum {string} */
            approval: "pending" | "approved" | "rejected";
            createdAt: string;
            updatedAt: string;
            highlight?: {
                title: {
                    text: string;
                    match: boolean;
                }[];
                excerpt: {
                    text: string;
                    match: boolean;
                }[];
            };
        };
        PublicWorkspace: {
            name: string;
            showPoweredBy: boolean;
            accentColor: string;
            /** @enum {string} */
            defaultTheme: "system" | "light" | "dark";
            /** @enum {string} */
            defaultLocale: "en" | "de" | "fr" | "es" | "pt-BR" | "ja" | "ar";
            /** @enum {string} */
            access: "public" | "sign_in_required";
            logoUrl: string | null;
            faviconUrl: string | null;
        };
        RoadmapCard: {
            /** Format: uuid */
            id: string;
            number: number;
            slug: string;
            title: string;
            voteCount: number;
            voted: boolean;
            commentCount: number;
            board: {
                slug: string;
                name: string;
                archived: boolean;
            };
            tags: components["schemas"]["TagRef"][];
            statusChangedAt: string | null;
            eta: string | null;
        };
        RoadmapColumn: {
            status: components["schemas"]["StatusRef"];
            total: number;
            olderCount: number;
            items: components["schemas"]["RoadmapCard"][];
            nextCursor: string | null;
        };
        SimilarPost: {
            /** Format: uuid */
            id: string;
            number: number;
            slug: string;
            title: string;
            voteCount: number;
            status: {
                name: string;
                color: string;
            } | null;
            voted: boolean;
            votingClosed: ("boardArchived" | "awaitingApproval" | "votingClosed") | null;
        };
        SsoProvider: {
            /** @enum {string} */
            id: "oidc" | "google" | "github";
            label: string;
            issuer: string | null;
            clientId: string;
            /** @constant */
            clientSecretSet: true;
            scopes: string;
            enabled: boolean;
            adminSignInAt: string | null;
        };
        SsoSettings: {
            secretKeyConfigured: boolean;
            passwordSignIn: boolean;
            passwordSignInForced: boolean;
            viewerHasSignedInWithSso: boolean;
            providers: components["schemas"]["SsoProvider"][];
            redirectUris: {
                oidc: string;
                google: string;
                github: string;
            } & {
                [key: string]: string;
            };
        };
        Status: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            color: string;
            /** @enum {string} */
            category: "open" | "planned" | "in_progress" | "done" | "closed";
            position: number;
            onRoadmap: boolean;
            postCount: number;
        };
        StatusChange: {
            id: number;
            from: components["schemas"]["StatusRef"] | null;
            to: components["schemas"]["StatusRef"] | null;
            by: {
                id: string | null;
                displayName: string;
            } | null;
            note: string;
            at: string;
        };
        StatusRef: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            color: string;
            /** @enum {string} */
            category: "open" | "planned" | "in_progress" | "done" | "closed";
        };
        Tag: {
            /** Format: uuid */
            id: string;
            name: string;
            color: string;
            postCount: number;
        };
        TagRef: {
            /** Format: uuid */
            id: string;
            name: string;
            color: string;
        };
        TeamProperties: {
            owner: {
                /** Format: uuid */
                id: string;
                displayName: string;
                avatarUrl: string | null;
            } | null;
            eta: string | null;
            impact: number | null;
            effort: number | null;
            priority: number;
        };
        TriagePage: {
            items: components["schemas"]["TriagePost"][];
            nextCursor: string | null;
            total: number;
            facets: {
                status: {
                    key: string;
                    count: number;
                }[];
                board: {
                    key: string;
                    count: number;
                }[];
                tag: {
                    key: string;
                    count: number;
                }[];
                show: {
                    all: number;
                    untriaged: number;
                    pending: number;
                    unresponded: number;
                    rejected: number;
                } & {
                    [key: string]: number;
                };
            };
        };
        TriagePost: {
            /** Format: uuid */
            id: string;
            number: number;
            slug: string;
            title: string;
            excerpt: string;
            board: {
                slug: string;
                name: string;
            };
            status: components["schemas"]["StatusRef"] | null;
            tags: components["schemas"]["TagRef"][];
            voteCount: number;
            commentCount: number;
            /** @enum {string} */
            approval: "pending" | "approved" | "rejected";
            createdAt: string;
            author: {
                displayName: string;
            } | null;
            owner: {
                /** Format: uuid */
                id: string;
                displayName: string;
            } | null;
            eta: string | null;
            impact: number | null;
            effort: number | null;
            priority: number;
            teamResponded: boolean;
        };
        TriageView: {
            id: number;
            name: string;
            query: string;
        };
        WebhookAttempt: {
            id: number;
            /** Format: uuid */
            deliveryId: string;
            /** Format: uuid */
            eventId: string;
            eventType: string;
            attempt: number;
            at: string;
            durationMs: number;
            statusCode: number | null;
            responseBody: string | null;
            error: string | null;
            ok: boolean;
            /** @enum {string} */
            deliveryState: "pending" | "delivered" | "failed";
        };
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string;
            events: ("post.created" | "post.status_changed" | "post.merged" | "comment.created" | "vote.created" | "changelog.published")[];
            /** @enum {string} */
            format: "generic" | "slack" | "discord";
            includePrivate: boolean;
            /** @enum {string} */
            state: "active" | "disabled";
            disabledAt: string | null;
            disabledReason: string | null;
            createdAt: string;
            lastAttempt: {
                at: string;
                ok: boolean;
                statusCode: number | null;
            } | null;
        };
        WorkspaceExport: {
            /** @constant */
            format: "chorus.workspace-export";
            /** @constant */
            version: 1;
            exportedAt: string;
            /** @default null */
            workspace: {
                name: string;
                accentColor: string;
                /** @enum {string} */
                defaultTheme: "system" | "light" | "dark";
                /** @enum {string} */
                access: "public" | "sign_in_required";
                /** @enum {string} */
                signupPolicy: "open" | "invite_only" | "domain_allowlist";
                allowedDomains: string[];
                /** @enum {string} */
                moderation: "off" | "new_members" | "all";
                /**
                 * @default en
                 * @enum {string}
                 */
                defaultLocale: "en" | "de" | "fr" | "es" | "pt-BR" | "ja" | "ar";
                /** @default [] */
                widgetOrigins: unknown;
            } | null;
            /** @default [] */
            companies: {
                id: string;
                name: string;
                /** @default null */
                monthlyRevenueCents: number | null;
            }[];
            /** @default [] */
            members: {
                /** Format: email */
                email: string;
                displayName: string;
                /**
                 * @default member
                 * @enum {string}
                 */
                role: "member" | "moderator" | "admin";
                /** @default null */
                emailVerifiedAt: string | null;
                /** @default null */
                bannedAt: string | null;
                /** @default null */
                deletedAt: string | null;
                createdAt?: string;
                /** @default null */
                externalId: string | null;
                /** @default null */
                company: string | null;
            }[];
            /** @default [] */
            statuses: {
                slug: string;
                name: string;
                color: string;
                /** @enum {string} */
                category: "open" | "planned" | "in_progress" | "done" | "closed";
                /** @default 0 */
                position: number;
                /** @default false */
                onRoadmap: boolean;
            }[];
            /** @default [] */
            tags: {
                name: string;
                /** @default #64748b */
                color: string;
            }[];
            /** @default [] */
            boards: {
                slug: string;
                name: string;
                /** @default  */
                description: string;
                /**
                 * @default public
                 * @enum {string}
                 */
                visibility: "public" | "private";
                /**
                 * @default members
                 * @enum {string}
                 */
                posting: "members" | "team";
                /** @default 0 */
                position: number;
                /** @default null */
                archivedAt: string | null;
                /** @default [] */
                members: string[];
            }[];
            /** @default [] */
            posts: {
                number: number;
                board: string;
                author: string | null;
                title: string;
                /** @default  */
                body: string;
                /** @default null */
                status: string | null;
                /** @default [] */
                tags: string[];
                /** @default false */
                pinned: boolean;
                /**
                 * @default approved
                 * @enum {string}
                 */
                approval: "pending" | "approved" | "rejected";
                /** @default null */
                mergedInto: number | null;
                createdAt?: string;
                updatedAt?: string;
                /** @default null */
                statusChangedAt: string | null;
                /** @default null */
                deletedAt: string | null;
            }[];
            /** @default [] */
            votes: {
                post: number;
                /** Format: email */
                member: string;
                /** @default null */
                castBy: string | null;
                /** @default null */
                mergedFrom: number | null;
                createdAt?: string;
            }[];
            /** @default [] */
            comments: {
                post: number;
                author: string | null;
                body: string;
                /** @default false */
                internal: boolean;
                /**
                 * @default approved
                 * @enum {string}
                 */
                approval: "pending" | "approved" | "rejected";
                createdAt?: string;
                /** @default null */
                editedAt: string | null;
                /** @default null */
                deletedAt: string | null;
            }[];
            /** @default [] */
            statusChanges: {
                post: number;
                from: string | null;
                to: string | null;
                by: string | null;
                /** @default  */
                note: string;
                createdAt?: string;
            }[];
            /** @default [] */
            subscriptions: {
                post: number;
                /** Format: email */
                member: string;
                /** @default true */
                subscribed: boolean;
            }[];
            /**
             * @default {
             *       "labels": [],
             *       "entries": [],
             *       "subscribers": []
             *     }
             */
            changelog: {
                /** @default [] */
                labels: {
                    slug: string;
                    name: string;
                    /** @default 0 */
                    position: number;
                }[];
                /** @default [] */
                entries: {
                    slug: string;
                    title: string;
                    /** @default  */
                    body: string;
                    label: string;
                    /** @enum {string} */
                    state: "draft" | "published";
                    /** @default null */
                    publishedAt: string | null;
                    /** @default null */
                    author: string | null;
                    /** @default [] */
                    posts: number[];
                }[];
                /** @default [] */
                subscribers: {
                    /** Format: email */
                    member: string;
                    /** @default true */
                    subscribed: boolean;
                }[];
            };
        };
        WorkspaceSettings: {
            name: string;
            accentColor: string;
            /** @enum {string} */
            defaultTheme: "system" | "light" | "dark";
            /** @enum {string} */
            defaultLocale: "en" | "de" | "fr" | "es" | "pt-BR" | "ja" | "ar";
            /** @enum {string} */
            access: "public" | "sign_in_required";
            /** @enum {string} */
            signupPolicy: "open" | "invite_only" | "domain_allowlist";
            allowedDomains: string[];
            /** @enum {string} */
            moderation: "off" | "new_members" | "all";
            /** @enum {string} */
            emailConfirmation: "auto" | "required" | "off";
            showPoweredBy: boolean;
            widgetOrigins: string[];
        };
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
                reason?: "alreadyMember" | "boardArchived" | "boardOrderInvalid" | "boardSlugTaken" | "boardTeamOnly" | "bodyTooLarge" | "changelogAddressTaken" | "commentEditWindowClosed" | "commentsArchived" | "commentsTeamOnly" | "customerBanned" | "customerDeleted" | "customerIsTeam" | "customerNotRecorded" | "customerOtherExternalId" | "customerOwnAccount" | "editMerged" | "editStatusChanged" | "editWindowClosed" | "emailTaken" | "emailUnconfirmedNoMail" | "emailUnconfirmedSent" | "entryAlreadyPublished" | "followTeamOnly" | "imageEmpty" | "imageTooLarge" | "imageTooManyPixels" | "imageType" | "imageUnreadable" | "importProblems" | "importTooLarge" | "internalNoteForCustomer" | "internalNotesTeamOnly" | "invitationInvalid" | "labelNameTaken" | "lastAdminSelf" | "lastStatus" | "mergeChained" | "mergeCycle" | "mergeSelf" | "mergeTargetMissing" | "pageLinkInvalid" | "postAlreadyApproved" | "postAlreadyMerged" | "postAlreadyRejected" | "postChanged" | "postMergedComment" | "signupRestricted" | "ssoIssuerNonPublic" | "ssoIssuerUnresolved" | "ssoLastProvider" | "ssoNeedsSecretKey" | "ssoOnly" | "ssoTryFirst" | "statusInUse" | "statusNameTaken" | "tagNameTaken" | "tooManyTags" | "unsubscribeLinkInvalid" | "votingArchived" | "votingMerged" | "votingPending" | "webhookEndpointDisabled" | "webhookUrlCredentials" | "webhookUrlInvalid" | "webhookUrlMetadata" | "webhookUrlNonPublic" | "webhookUrlScheme" | "webhookUrlUnresolved" | "widgetSessionEnded" | "workspaceNotEmpty" | "wrongPassword";
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
                    "application/json": {
                        items: components["schemas"]["ApiKey"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        apiKey: components["schemas"]["ApiKey"];
                        secret: string;
                    };
                };
            };
        };
    };
    deleteAdminApiKeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The key’s id (not its secret or prefix).
                 * @example 3f9a2b7c-6d1e-4c8f-a5b2-7e6d5c4b3a01
                 */
                id: string;
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
                    "application/json": components["schemas"]["ApiKey"];
                };
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
                     *       "logoUrl": "/api/v1/branding/a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02",
                     *       "faviconUrl": "/api/v1/branding/84ec79bd-ba16-4e94-a4a6-1c522c746bbd"
                     *     }
                     */
                    "application/json": {
                        logoUrl: string | null;
                        faviconUrl: string | null;
                    };
                };
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
                     *       "logoUrl": "/api/v1/branding/a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02",
                     *       "faviconUrl": null
                     *     }
                     */
                    "application/json": {
                        logoUrl: string | null;
                        faviconUrl: string | null;
                    };
                };
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
                    "application/json": {
                        items: components["schemas"]["ChangelogTeamEntry"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["ChangelogTeamEntry"];
                };
            };
        };
    };
    getAdminChangelogId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02
                 */
                id: string;
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["ChangelogTeamEntry"];
                };
            };
        };
    };
    deleteAdminChangelogId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e05
                 */
                id: string;
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
                     *       "id": "e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e05"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
        };
    };
    patchAdminChangelogId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The entry’s id.
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["ChangelogTeamEntry"];
                };
            };
        };
    };
    postAdminChangelogIdPublish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02
                 */
                id: string;
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
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        slug: string;
                        title: string;
                        body: string;
                        label: components["schemas"]["ChangelogLabel"];
                        /** @enum {string} */
                        state: "draft" | "published";
                        publishedAt: string | null;
                        scheduledFor: string | null;
                        publishStatusId: string | null;
                        author: string | null;
                        posts: {
                            number: number;
                            title: string;
                            slug: string;
                        }[];
                        createdAt: string;
                        updatedAt: string;
                        postsMoved: number;
                    };
                };
            };
        };
    };
    putAdminChangelogIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The entry’s id.
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["ChangelogTeamEntry"];
                };
            };
        };
    };
    deleteAdminChangelogIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e04
                 */
                id: string;
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
                    "application/json": components["schemas"]["ChangelogTeamEntry"];
                };
            };
        };
    };
    postAdminChangelogIdUnpublish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The entry’s id.
                 * @example e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e03
                 */
                id: string;
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
                    "application/json": components["schemas"]["ChangelogTeamEntry"];
                };
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
                     *           "slug": "new",
                     *           "name": "New"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        items: components["schemas"]["ChangelogLabel"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["ChangelogLabel"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        smtpConfigured: boolean;
                        waiting: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["WorkspaceExport"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        configured: boolean;
                        createdAt: string | null;
                        audience: string;
                        /** @constant */
                        algorithm: "HS256";
                        maxLifetimeSeconds: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        configured: boolean;
                        createdAt: string | null;
                        audience: string;
                        /** @constant */
                        algorithm: "HS256";
                        maxLifetimeSeconds: number;
                        secret: string;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** @enum {string} */
                        source: "chorus" | "canny" | "fider";
                        members: number;
                        boards: number;
                        posts: number;
                        votes: number;
                        comments: number;
                        statusChanges: number;
                        changelogEntries: number;
                    };
                };
            };
        };
    };
    getAdminInsights: {
        parameters: {
            query?: {
                /**
                 * @description The last 30 days, 90 days or 12 months, or `custom` (with from and to).
                 * @example 30d
                 */
                period?: "30d" | "90d" | "12m" | "custom";
                /** @description A custom period’s first day (YYYY-MM-DD, UTC). */
                from?: string;
                /** @description A custom period’s last day (YYYY-MM-DD, UTC); a period covers at most 731 days. */
                to?: string;
            };
            header?: never;
            path?: never;
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["InsightsReport"];
                };
            };
        };
    };
    getAdminOutbox: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: number;
                /** @description The older name of `cursor`, still accepted. */
                before?: number;
                /**
                 * @description Emails per page (1–100).
                 * @example 20
                 */
                limit?: number;
                /** @description Only the emails sent to this address (exact, any case). */
                to?: string;
            };
            header?: never;
            path?: never;
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        smtpConfigured: boolean;
                        items: {
                            id: number;
                            to: string;
                            kind: string;
                            subject: string;
                            text: string;
                            html: string;
                            /** @enum {string} */
                            status: "sent" | "queued" | "retrying" | "failed" | "smtp_off";
                            attempts: number;
                            lastError: string | null;
                            sentAt: string | null;
                            createdAt: string;
                        }[];
                        nextCursor: number | null;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["WorkspaceSettings"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["WorkspaceSettings"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["SsoSettings"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["SsoSettings"];
                };
            };
        };
    };
    putAdminSsoProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The provider: `oidc` (any OpenID Connect provider), `google` or `github`.
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["SsoProvider"];
                };
            };
        };
    };
    deleteAdminSsoProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The provider: `oidc` (any OpenID Connect provider), `google` or `github`.
                 * @example google
                 */
                provider: "oidc" | "google" | "github";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no content. */
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
                    "application/json": {
                        items: components["schemas"]["WebhookEndpoint"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        url: string;
                        description: string;
                        events: ("post.created" | "post.status_changed" | "post.merged" | "comment.created" | "vote.created" | "changelog.published")[];
                        /** @enum {string} */
                        format: "generic" | "slack" | "discord";
                        includePrivate: boolean;
                        /** @enum {string} */
                        state: "active" | "disabled";
                        disabledAt: string | null;
                        disabledReason: string | null;
                        createdAt: string;
                        lastAttempt: {
                            at: string;
                            ok: boolean;
                            statusCode: number | null;
                        } | null;
                        secret: string;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
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
            /** @description Success: no content. */
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
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
        };
    };
    getAdminWebhooksIdAttempts: {
        parameters: {
            query?: {
                /** @description Where the next page starts: the `nextCursor` of the page before. */
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
                    "application/json": {
                        items: components["schemas"]["WebhookAttempt"][];
                        nextCursor: string | null;
                    };
                };
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
                 * @description The delivery to send again (its `deliveryId` in the delivery log).
                 * @example d4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f01
                 */
                delivery: string;
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** Format: uuid */
                        deliveryId: string;
                        /** Format: uuid */
                        eventId: string;
                    };
                };
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
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
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
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        url: string;
                        description: string;
                        events: ("post.created" | "post.status_changed" | "post.merged" | "comment.created" | "vote.created" | "changelog.published")[];
                        /** @enum {string} */
                        format: "generic" | "slack" | "discord";
                        includePrivate: boolean;
                        /** @enum {string} */
                        state: "active" | "disabled";
                        disabledAt: string | null;
                        disabledReason: string | null;
                        createdAt: string;
                        lastAttempt: {
                            at: string;
                            ok: boolean;
                            statusCode: number | null;
                        } | null;
                        secret: string;
                    };
                };
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
                     *       "deliveryId": "bf76b63c-92ba-4932-a658-d696a7f1226b",
                     *       "eventId": "df819acb-0e3b-48e7-81ba-93d959f6a8de"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        deliveryId: string;
                        /** Format: uuid */
                        eventId: string;
                    };
                };
            };
        };
    };
    postAttachments: {
        parameters: {
            query?: {
                /**
                 * @description The file’s name: kept, made safe, as the image’s name and the alternative text of its Markdown (default: image).
                 * @example screenshot.png
                 */
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["Attachment"];
                };
            };
        };
    };
    getAttachmentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The image’s id.
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
            /** @description Success: a image/png or image/jpeg or image/gif or image/webp body, not JSON. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/gif": string;
                    "image/webp": string;
                };
            };
        };
    };
    getAttachmentsIdWeb: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The image’s id.
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
            /** @description Success: a image/png or image/jpeg or image/gif or image/webp body, not JSON. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/gif": string;
                    "image/webp": string;
                };
            };
        };
    };
    getAudit: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: number;
                /**
                 * @description Events per page (1–100).
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
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
                    "application/json": {
                        items: components["schemas"]["AuditEvent"][];
                        nextCursor: number | null;
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "check-email"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "check-email" | "ask-admin";
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** @constant */
                        status: "signed-in";
                        user: {
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "check-email"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "check-email" | "ask-admin";
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** @constant */
                        status: "signed-in";
                        passwordCleared: boolean;
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "signed-in";
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "signed-in";
                    };
                };
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
            /** @description Success: no content. */
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "signed-in"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "signed-in" | "check-email" | "ask-admin";
                    };
                };
            };
        };
    };
    postAuthSsoProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The provider: `oidc` (any OpenID Connect provider), `google` or `github`.
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://github.com/login/oauth/authorize?client_id=Iv23liExampleClientId&redirect_uri=https%3A%2F%2Ffeedback.example.com%2Flogin%2Fsso%2Fgithub&response_type=code&scope=read%3Auser+user%3Aemail&state=q3Xk9vS2bN7mT4wL&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
                     *     }
                     */
                    "application/json": {
                        url: string;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** @constant */
                        status: "signed-in";
                        passwordCleared: boolean;
                    };
                };
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
                    "application/json": {
                        items: components["schemas"]["Board"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["AdminBoard"];
                };
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
                    "application/json": components["schemas"]["AdminBoard"] | components["schemas"]["Board"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["AdminBoard"];
                };
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
                     *           "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03",
                     *           "displayName": "Linus Pauling",
                     *           "avatarUrl": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        items: components["schemas"]["MentionSuggestion"][];
                    };
                };
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
                    "application/json": {
                        items: components["schemas"]["Board"][];
                    };
                };
            };
        };
    };
    getBrandingId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The image’s id.
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
            /** @description Success: a image/png body, not JSON. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
        };
    };
    getBrandingIdLarge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The image’s id.
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
            /** @description Success: a image/png body, not JSON. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
        };
    };
    getChangelog: {
        parameters: {
            query?: {
                /** @description Only entries with this label (its slug). */
                label?: string;
                /** @description Where the next page starts: the `nextCursor` of the page before. */
                cursor?: string;
                /**
                 * @description Entries per page (at most 100).
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
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
                    "application/json": {
                        items: components["schemas"]["ChangelogEntry"][];
                        nextCursor: string | null;
                    };
                };
            };
        };
    };
    getChangelogSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The published entry’s slug, as in its address.
                 * @example dark-mode-is-here
                 */
                slug: string;
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
                    "application/json": components["schemas"]["ChangelogEntry"];
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscribed": false
                     *     }
                     */
                    "application/json": {
                        subscribed: boolean;
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscribed": false
                     *     }
                     */
                    "application/json": {
                        subscribed: boolean;
                    };
                };
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
            /** @description Success: no content. */
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
                    "application/json": components["schemas"]["Comment"];
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /**
                 * @description A post number: that post’s votes, status, merge and comments.
                 * @example 120
                 */
                post?: string;
                /** @description A board slug: votes and statuses on that board. */
                board?: string;
                /** @description `1`: votes and statuses on every board the reader may see. */
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
                /** @description The next page of posts awaiting approval: `pendingPosts.nextCursor` from an earlier answer. */
                pendingCursor?: string;
                /** @description The next page of posts without a status: `untriagedPosts.nextCursor` from an earlier answer. */
                untriagedCursor?: string;
                /**
                 * @description Posts per section and page, 1 to 100.
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        pendingPosts: {
                            items: {
                                /** Format: uuid */
                                id: string;
                                number: number;
                                slug: string;
                                title: string;
                                excerpt: string;
                                board: {
                                    slug: string;
                                    name: string;
                                };
                                author: {
                                    id: string | null;
                                    displayName: string;
                                } | null;
                                /** @enum {string} */
                                approval: "pending" | "approved" | "rejected";
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                        untriagedPosts: {
                            items: {
                                /** Format: uuid */
                                id: string;
                                number: number;
                                slug: string;
                                title: string;
                                excerpt: string;
                                board: {
                                    slug: string;
                                    name: string;
                                };
                                author: {
                                    id: string | null;
                                    displayName: string;
                                } | null;
                                /** @enum {string} */
                                approval: "pending" | "approved" | "rejected";
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
            };
        };
    };
    getInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                     *           "id": "6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f01",
                     *           "email": "sam@example.com",
                     *           "role": "moderator",
                     *           "invitedBy": {
                     *             "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02",
                     *             "displayName": "Grace Hopper"
                     *           },
                     *           "createdAt": "2026-11-26T04:31:41.845Z",
                     *           "expiresAt": "2026-12-03T04:31:41.845Z"
                     *         }
                     *       ],
                     *       "total": 1
                     *     }
                     */
                    "application/json": {
                        items: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "member" | "moderator" | "admin";
                            /** @description Who created or last replaced the link; null for invitations made before this was recorded. */
                            invitedBy: {
                                id: string | null;
                                displayName: string;
                            } | null;
                            createdAt: string;
                            expiresAt: string;
                        }[];
                        total: number;
                    };
                };
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
                 *       "email": "jamie@example.com",
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f04",
                     *       "email": "jamie@example.com",
                     *       "role": "moderator",
                     *       "expiresAt": "2026-12-03T04:31:41.845Z",
                     *       "link": "https://feedback.example.com/signup?invite=Hq3vW9kLx2RcT8mZp4YbN6sJd1FgA7eU0oKiVtXyC5w",
                     *       "delivery": "smtp_off"
                     *     }
                     */
                    "application/json": {
                        /** @description The invitation’s id; it stays the same when its link is replaced. */
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "member" | "moderator" | "admin";
                        expiresAt: string;
                        /** @description The sign-up link (`/signup?invite=…`). Shown in this answer only; it cannot be read again. */
                        link: string;
                        /** @enum {string} */
                        delivery: "queued" | "smtp_off" | "none";
                    };
                };
            };
        };
    };
    deleteInvitationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The invitation’s id.
                 * @example 6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f03
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no content. */
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
        };
    };
    postInvitationsIdLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The invitation’s id.
                 * @example 6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f01
                 */
                id: string;
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
                     *       "id": "6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f01",
                     *       "email": "sam@example.com",
                     *       "role": "moderator",
                     *       "expiresAt": "2026-12-03T04:31:41.845Z",
                     *       "link": "https://feedback.example.com/signup?invite=Zr8pQ2nVb5LcW1xTk7MdH3yGs9FjE4aU6oRiNtKwB0v",
                     *       "delivery": "none"
                     *     }
                     */
                    "application/json": {
                        /** @description The invitation’s id; it stays the same when its link is replaced. */
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "member" | "moderator" | "admin";
                        expiresAt: string;
                        /** @description The sign-up link (`/signup?invite=…`). Shown in this answer only; it cannot be read again. */
                        link: string;
                        /** @enum {string} */
                        delivery: "queued" | "smtp_off" | "none";
                    };
                };
            };
        };
    };
    postInvitationsIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The invitation’s id.
                 * @example 6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f02
                 */
                id: string;
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
                     *       "id": "6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f02",
                     *       "email": "kim@example.com",
                     *       "role": "member",
                     *       "expiresAt": "2026-12-03T04:31:41.845Z",
                     *       "link": "https://feedback.example.com/signup?invite=Mk4tY7wQc1VbR9xLp2NdJ5sHg8FzA3eU6oKiTnXyC0b",
                     *       "delivery": "queued"
                     *     }
                     */
                    "application/json": {
                        /** @description The invitation’s id; it stays the same when its link is replaced. */
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "member" | "moderator" | "admin";
                        expiresAt: string;
                        /** @description The sign-up link (`/signup?invite=…`). Shown in this answer only; it cannot be read again. */
                        link: string;
                        /** @enum {string} */
                        delivery: "queued" | "smtp_off" | "none";
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        doc: components["schemas"]["MarkdownBlock"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        id: string;
                        displayName: string;
                        email: string;
                        avatarUrl: string | null;
                        /** @enum {string} */
                        role: "member" | "moderator" | "admin";
                        emailVerified: boolean;
                        locale: ("en" | "de" | "fr" | "es" | "pt-BR" | "ja" | "ar") | null;
                    };
                };
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
            /** @description Success: no content. */
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        id: string;
                        displayName: string;
                        email: string;
                        avatarUrl: string | null;
                        /** @enum {string} */
                        role: "member" | "moderator" | "admin";
                        emailVerified: boolean;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** @enum {string} */
                        status: "check-email" | "ask-admin";
                        pendingEmail: string;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["AccountExport"];
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
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
            /** @description Success. */
            "2XX": {
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
            /** @description Success. */
            "2XX": {
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
        };
    };
    getMeNotifications: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /**
                 * @description Notifications per page (1–100).
                 * @example 20
                 */
                limit?: number;
                /** @description `1` (or `true`): only the unread ones. */
                unread?: "1" | "true";
            };
            header?: never;
            path?: never;
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
                    "application/json": {
                        items: components["schemas"]["Notification"][];
                        unread: number;
                        nextCursor: string | null;
                    };
                };
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
                     *       "unread": 0
                     *     }
                     */
                    "application/json": {
                        unread: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 0
                     *     }
                     */
                    "application/json": {
                        unread: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 0
                     *     }
                     */
                    "application/json": {
                        unread: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "changed"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "changed";
                    };
                };
            };
        };
    };
    getMembers: {
        parameters: {
            query?: {
                /**
                 * @description Only people whose name or email address contains this text.
                 * @example ada
                 */
                q?: string;
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /**
                 * @description People per page (1–100).
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
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
                    "application/json": {
                        items: components["schemas"]["Member"][];
                        nextCursor: string | null;
                    };
                };
            };
        };
    };
    patchMembersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person’s id.
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["Member"];
                };
            };
        };
    };
    postMembersIdBan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person’s id.
                 * @example 0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04
                 */
                id: string;
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["Member"];
                };
            };
        };
    };
    deleteMembersIdBan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person’s id.
                 * @example 0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04
                 */
                id: string;
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
                     *       "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04",
                     *       "displayName": "Ola Nordmann",
                     *       "email": "ola@example.com",
                     *       "avatarUrl": null,
                     *       "role": "member",
                     *       "state": "active",
                     *       "joinedAt": "2026-11-26T04:31:35.305Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Member"];
                };
            };
        };
    };
    postMembersIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person’s id.
                 * @example 0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e05
                 */
                id: string;
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
                     *       "id": "0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e05",
                     *       "displayName": "Uma Rao",
                     *       "email": "uma@example.com",
                     *       "avatarUrl": null,
                     *       "role": "member",
                     *       "state": "active",
                     *       "joinedAt": "2026-11-26T04:31:35.340Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Member"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                        components?: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getPosts: {
        parameters: {
            query?: {
                /**
                 * @description A board slug: only the posts of that board.
                 * @example ideas
                 */
                board?: string;
                /**
                 * @description The order: trending (the default; pinned posts first on a board), top, new or updated. A search without one is ordered by relevance.
                 * @example top
                 */
                sort?: "trending" | "top" | "new" | "updated";
                /** @description A status slug: only the posts in that status. */
                status?: string;
                /** @description A tag name: only the posts with that tag. */
                tag?: string;
                /** @description Search words, in web-search syntax; without a sort the answer is ordered by relevance. */
                q?: string;
                /** @description `hide` leaves out posts whose status is done or closed (ignored when `status` is given). */
                closed?: "show" | "hide";
                /** @description The page after this one: a `nextCursor` from an earlier answer. */
                cursor?: string;
                /** @description The page before this one: a `prevCursor` from an earlier answer; not with `cursor`. */
                before?: string;
                /**
                 * @description Posts per page, 1 to 100.
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
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
                    "application/json": components["schemas"]["PostPage"];
                };
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
                    "application/json": components["schemas"]["Post"];
                };
            };
        };
    };
    getPostsNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                    "application/json": components["schemas"]["Post"];
                };
            };
        };
    };
    deletePostsNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
                 * @example 125
                 */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no content. */
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
        };
    };
    patchPostsNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                    "application/json": components["schemas"]["Post"];
                };
            };
        };
    };
    postPostsNumberApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        number: number;
                        /** @enum {string} */
                        approval: "approved" | "rejected";
                    };
                };
            };
        };
    };
    getPostsNumberComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                    "application/json": {
                        items: components["schemas"]["Comment"][];
                    };
                };
            };
        };
    };
    postPostsNumberComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                    "application/json": components["schemas"]["Comment"];
                };
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
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": []
                     *     }
                     */
                    "application/json": {
                        items: components["schemas"]["MentionSuggestion"][];
                    };
                };
            };
        };
    };
    postPostsNumberMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                     *       "number": 126,
                     *       "pinned": true
                     *     }
                     */
                    "application/json": {
                        number: number;
                        pinned: boolean;
                    };
                };
            };
        };
    };
    patchPostsNumberProperties: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                    "application/json": components["schemas"]["TeamProperties"];
                };
            };
        };
    };
    postPostsNumberStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                    "application/json": {
                        status: components["schemas"]["StatusRef"] | null;
                        change: components["schemas"]["StatusChange"] | null;
                    };
                };
            };
        };
    };
    getPostsNumberSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
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
        };
    };
    putPostsNumberSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                     *       "subscribed": true
                     *     }
                     */
                    "application/json": {
                        subscribed: boolean;
                    };
                };
            };
        };
    };
    putPostsNumberTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                     *       "tags": [
                     *         {
                     *           "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02",
                     *           "name": "Billing",
                     *           "color": "#7c3aed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        tags: components["schemas"]["TagRef"][];
                    };
                };
            };
        };
    };
    putPostsNumberVote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                /** @description Where the page starts: the `nextCursor` of the page before. */
                cursor?: string;
                /**
                 * @description How many voters a page holds (1–100; 50 when left out).
                 * @example 50
                 */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                 * @description The post number, alone (`42`) or followed by any slug (`42-dark-mode`).
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
                /**
                 * @description The title being typed (at least 3 characters).
                 * @example dark mode
                 */
                title: string;
                /**
                 * @description A board slug: suggest from that board only.
                 * @example ideas
                 */
                board?: string;
                /** @description How many suggestions, 1 to 10. */
                limit?: number;
            };
            header?: never;
            path?: never;
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
                     *           "id": "4aca08a5-c338-4b86-ac28-d0622aba6449",
                     *           "number": 120,
                     *           "slug": "dark-mode-for-the-dashboard",
                     *           "title": "Dark mode for the dashboard",
                     *           "voteCount": 3,
                     *           "status": {
                     *             "name": "Planned",
                     *             "color": "#8b5cf6"
                     *           },
                     *           "voted": false,
                     *           "votingClosed": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        items: components["schemas"]["SimilarPost"][];
                    };
                };
            };
        };
    };
    getRoadmap: {
        parameters: {
            query?: {
                /**
                 * @description A board slug: only that board’s cards.
                 * @example ideas
                 */
                board?: string;
                /** @description A tag name: only the cards with that tag. */
                tag?: string;
                /** @description Done columns: `recent` (the last 90 days) or `all`. */
                done?: "recent" | "all";
                /**
                 * @description Cards per column page, 1 to 100.
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
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
                    "application/json": {
                        columns: components["schemas"]["RoadmapColumn"][];
                        /** @enum {string} */
                        done: "recent" | "all";
                        doneWindowDays: number;
                    };
                };
            };
        };
    };
    getRoadmapStatus: {
        parameters: {
            query?: {
                /** @description A board slug: only that board’s cards. */
                board?: string;
                /** @description A tag name: only the cards with that tag. */
                tag?: string;
                /** @description Done columns: `recent` (the last 90 days) or `all`. */
                done?: "recent" | "all";
                /**
                 * @description Cards per column page, 1 to 100.
                 * @example 20
                 */
                limit?: number;
                /** @description The column’s next page: its `nextCursor` from an earlier answer. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The column’s status slug.
                 * @example planned
                 */
                status: string;
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
                    "application/json": {
                        status: components["schemas"]["StatusRef"];
                        items: components["schemas"]["RoadmapCard"][];
                        nextCursor: string | null;
                    };
                };
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
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "done"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "done";
                    };
                };
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
                    "application/json": {
                        items: components["schemas"]["Status"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["Status"];
                };
            };
        };
    };
    deleteStatusesId: {
        parameters: {
            query?: {
                /**
                 * @description The status to move the posts that use this one to; needed when any do.
                 * @example 8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e01
                 */
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        movedPosts: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["Status"];
                };
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
                    "application/json": {
                        items: components["schemas"]["Status"][];
                    };
                };
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
                     *           "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02",
                     *           "name": "Billing",
                     *           "color": "#7c3aed",
                     *           "postCount": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        items: components["schemas"]["Tag"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["Tag"];
                };
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
                     *       "id": "c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b03",
                     *       "removedFromPosts": 0
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        removedFromPosts: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["Tag"];
                };
            };
        };
    };
    getTriage: {
        parameters: {
            query?: {
                /** @description Status slugs, comma-separated (`none`: posts without a status). */
                status?: string;
                /** @description Board slugs, comma-separated. */
                board?: string;
                /** @description Tag ids, comma-separated. */
                tag?: string;
                /**
                 * @description Which posts: all live ones, or a queue (untriaged, pending, unresponded, rejected).
                 * @example all
                 */
                show?: "all" | "untriaged" | "pending" | "unresponded" | "rejected";
                /** @description The owner: `me`, `none` (no owner) or a team member’s id. */
                owner?: ("me" | "none") | string;
                /** @description Search words (web-search syntax), or a part of a title. */
                q?: string;
                /**
                 * @description The order: newest, votes, trending or priority.
                 * @example votes
                 */
                sort?: "newest" | "votes" | "trending" | "priority";
                /** @description The next page: a `nextCursor` from an earlier answer. */
                cursor?: string;
                /**
                 * @description Posts per page, 1 to 100.
                 * @example 30
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
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
                    "application/json": components["schemas"]["TriagePage"];
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        changed: number[];
                        skipped: {
                            number: number;
                            reason: string;
                        }[];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        votes: number;
                        impact: number;
                        effort: number;
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        votes: number;
                        impact: number;
                        effort: number;
                    };
                };
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
                     *           "id": 1,
                     *           "name": "Top untriaged",
                     *           "query": "show=untriaged&sort=votes"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        items: components["schemas"]["TriageView"][];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["TriageView"];
                };
            };
        };
    };
    deleteTriageViewsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The saved view’s id.
                 * @example 3
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no content. */
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
        };
    };
    postUnsubscribe: {
        parameters: {
            query: {
                /**
                 * @description The signed token from the email’s unsubscribe link: it names the person and the kinds.
                 * @example uN4sB7dF1gH5jK8lQ2wE6rTyZx
                 */
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        kinds: ("status_changed" | "comment" | "mention" | "changelog" | "approval" | "team_new_post" | "team_awaiting_approval" | "admin_webhook_disabled")[];
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": {
                        token: string;
                        expiresAt: string;
                        user: {
                            /** Format: uuid */
                            id: string;
                            displayName: string;
                        };
                    };
                };
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
            /** @description Success. */
            "2XX": {
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
                    "application/json": components["schemas"]["PublicWorkspace"];
                };
            };
        };
    };
}
