/**
 * GET /api/v1/me/export: everything Chorus keeps about the signed-in person, as the file they
 * download (no password or token hashes). Apart from schema.ts, which the sign-in and profile
 * forms ship to the browser.
 */
import { z } from 'zod';
import { LOCALES } from '@/core/i18n/locales';
import { ROLES } from '@/core/identity/roles';
import { preferenceSchema } from '@/features/notifications/schema';
import { POST_APPROVAL } from '@/features/posts/enums';
import { SSO_PROVIDERS } from './enums';

export const ACCOUNT_EXPORT_FORMAT = 'chorus.account-export.v1';

export const accountExportSchema = z
  .object({
    format: z.literal(ACCOUNT_EXPORT_FORMAT),
    exportedAt: z.string(),
    profile: z.object({
      id: z.string(),
      email: z.string(),
      displayName: z.string(),
      avatarUrl: z.string().nullable(),
      role: z.enum(ROLES),
      locale: z.enum(LOCALES).nullable(),
      emailVerifiedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      notificationPreferences: z.array(preferenceSchema),
      /** The address a change waits to be confirmed for, or null. */
      pendingEmailChange: z.string().nullable(),
    }),
    /** The sessions still valid, newest first; `current` is the one that asked. */
    sessions: z.array(
      z.object({
        createdAt: z.string(),
        lastSeenAt: z.string(),
        expiresAt: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        current: z.boolean(),
      }),
    ),
    /** The single sign-on identities linked to the account. */
    signInProviders: z.array(
      z.object({ provider: z.enum(SSO_PROVIDERS), subject: z.string(), linkedAt: z.string(), lastSignInAt: z.string() }),
    ),
    /** Their posts, deleted ones included (`deletedAt`). */
    posts: z.array(
      z.object({
        number: z.number().int(),
        board: z.string(),
        title: z.string(),
        body: z.string(),
        approval: z.enum(POST_APPROVAL),
        createdAt: z.string().nullable(),
        updatedAt: z.string().nullable(),
        deletedAt: z.string().nullable(),
      }),
    ),
    /** Their comments; `postNumber` is null when the post is no longer visible to them. */
    comments: z.array(
      z.object({
        id: z.number().int(),
        postNumber: z.number().int().nullable(),
        body: z.string(),
        internal: z.boolean(),
        createdAt: z.string().nullable(),
        editedAt: z.string().nullable(),
        deletedAt: z.string().nullable(),
      }),
    ),
    /** Their votes (a merged duplicate's copies too); `postNumber` is null when the post is no longer visible to them. */
    votes: z.array(z.object({ postNumber: z.number().int().nullable(), createdAt: z.string().nullable(), castOnYourBehalf: z.boolean() })),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
