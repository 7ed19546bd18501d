import { z } from 'zod';
import { ROLES, type Role } from '@/core/identity/roles';
import { LOCALES } from '@/core/i18n/locales';
import { viewerSchema } from '@/core/identity/viewer';

// SPEC.md §5. The same schemas validate the API, drive the forms and type the code.
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 50;

/** Valid, at most 254 characters, stored lower-case. */
export const emailSchema = z
  .string({ message: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Email addresses are at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** 10–128 characters. */
export const passwordSchema = z
  .string({ message: 'Enter a password' })
  .min(PASSWORD_MIN, 'Use at least 10 characters')
  .max(PASSWORD_MAX, 'Use at most 128 characters');

/** 1–50 characters, no control characters. */
export const displayNameSchema = z
  .string({ message: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(DISPLAY_NAME_MAX, 'Names are at most 50 characters')
  .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'Names cannot contain control characters');

/**
 * An optional avatar picture: an https link to an image on a named host (no IP addresses, no
 * localhost), at most 500 characters. Empty clears it (null). A link is the only way to set one.
 */
export const avatarUrlSchema = z
  .string()
  .trim()
  .max(500, 'Links are at most 500 characters')
  // A check, not a pattern: the API document would say the pattern of the raw text, which the
  // spaces around a link (trimmed) do not match.
  .refine((v) => !/\s/.test(v), 'Links cannot contain spaces')
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z
      .url({
        protocol: /^https$/,
        hostname: z.regexes.domain,
        message: 'Use an https:// link to an image, like https://example.com/me.png',
      })
      .nullable(),
  )
  .nullable();

export const workspaceNameSchema = z.string().trim().min(2, 'Use at least 2 characters').max(50, 'Use at most 50 characters');

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid');

export const setupInput = z.object({
  workspaceName: workspaceNameSchema,
  displayName: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
  demoData: z.boolean().optional(),
});

export const signUpInput = z.object({
  displayName: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
  inviteToken: tokenSchema.optional(),
});

export const signInInput = z.object({ email: emailSchema, password: z.string().min(1, 'Enter your password').max(128) });
export const emailOnlyInput = z.object({ email: emailSchema });
export const tokenInput = z.object({ token: tokenSchema });
export const resetPasswordInput = z.object({ token: tokenSchema, password: passwordSchema });
/**
 * POST /api/v1/me/password. `currentPassword` is needed when the account has a password; an
 * account without one (it signs in by emailed links, or its unconfirmed password was removed when
 * its owner proved the address) sets its first password without it.
 */
export const changePasswordInput = z.object({ currentPassword: z.string().max(128).optional(), newPassword: passwordSchema });
const repeatNewPassword = { confirmPassword: z.string().min(1, 'Repeat the new password') };
const newPasswordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.confirmPassword === v.newPassword;
const mismatch = { path: ['confirmPassword'], message: 'The two new passwords do not match' };
/** The password form: the API's input plus a confirmation that only the browser checks. */
export const changePasswordForm = changePasswordInput
  .extend({ currentPassword: z.string().min(1, 'Enter your current password').max(128), ...repeatNewPassword })
  .refine(newPasswordsMatch, mismatch);
/** The same form for an account without a password yet: no current password to give. */
export const setPasswordForm = z.object({ newPassword: passwordSchema, ...repeatNewPassword }).refine(newPasswordsMatch, mismatch);
export const changeEmailInput = z.object({ email: emailSchema, password: z.string().min(1, 'Enter your password').max(128) });
/** PATCH /api/v1/me: the display name, and the avatar link when given (null or '' clears it). */
export const profileInput = z.object({ displayName: displayNameSchema, avatarUrl: avatarUrlSchema.optional() });
/** PUT /api/v1/me/locale: the language of one's pages and emails; null follows the browser (then the workspace default). */
export const localeInput = z.object({ locale: z.enum(LOCALES, { message: 'Choose a language' }).nullable() });
export const deleteAccountInput = z.object({ confirm: z.literal('DELETE', { message: 'Type DELETE to confirm' }) });

/** POST /api/v1/invitations: who to invite, and the role their account will have. */
export const inviteInput = z.object({ email: emailSchema, role: z.enum(ROLES, { message: 'Choose a role' }) });

/**
 * How a new invitation link reaches the person: `queued` (emailed once the outbox sends it),
 * `smtp_off` (the email waits in the outbox: no SMTP server, so the admin passes the link on),
 * `none` (no email: a new link only, for the admin to pass on).
 */
export const INVITATION_DELIVERIES = ['queued', 'smtp_off', 'none'] as const;

/**
 * A new invitation link, answered only to whoever made it (creating, resending or asking for a new
 * link): the database keeps the token hashed, so this answer is the one place the link exists.
 */
export const invitationSchema = z.object({
  id: z.string().describe('The invitation’s id; it stays the same when its link is replaced.'),
  email: z.string(),
  role: z.enum(ROLES),
  expiresAt: z.string(),
  link: z.string().describe('The sign-up link (`/signup?invite=…`). Shown in this answer only; it cannot be read again.'),
  delivery: z.enum(INVITATION_DELIVERIES),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST/DELETE /api/v1/invitations/[id]. */
export const invitationIdParams = z.object({ id: z.string().describe('The invitation’s id.') });

/** An invitation nobody has used yet and that has not expired (its link is never part of it). */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z
    .object({ id: z.string().nullable(), displayName: z.string() })
    .nullable()
    .describe('Who created or last replaced the link; null for invitations made before this was recorded.'),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** At most this many pending invitations are listed, newest first; `total` counts them all. */
export const PENDING_INVITATIONS_LIMIT = 100;
export const pendingInvitationListSchema = z.object({ items: z.array(pendingInvitationSchema), total: z.number().int() });
export type PendingInvitationList = z.infer<typeof pendingInvitationListSchema>;

/** What the sign-up page shows of an invitation it was opened with. */
export interface InvitationPreview {
  email: string;
  role: Role;
}

// --- Answers of the account flows (as they go on the wire) ---------------------------------------

/**
 * What the flows that send an email answer, the same whether or not the address has an account:
 * `check-email` when the workspace sends email, `ask-admin` when it cannot (no SMTP: the email
 * waits in the outbox, for an admin to pass on).
 */
export const EMAIL_OUTCOMES = ['check-email', 'ask-admin'] as const;
export type EmailOutcome = (typeof EMAIL_OUTCOMES)[number];
export const emailSentSchema = z.object({ status: z.enum(EMAIL_OUTCOMES) });

/** Sign-up: signed in at once, or (the same answer for every address) told to check their email. */
export const signUpResultSchema = z.object({ status: z.enum(['signed-in', ...EMAIL_OUTCOMES]) });
export type SignUpOutcome = z.infer<typeof signUpResultSchema>['status'];

/** This browser is now signed in. */
export const signedInSchema = z.object({ status: z.literal('signed-in') });

/** Signed in by an emailed link; `passwordCleared`: a password set by someone who never proved the address was removed. */
export const linkSignInSchema = signedInSchema.extend({ passwordCleared: z.boolean() });

/** POST /api/v1/setup: the workspace and its first admin exist, and this browser is signed in as them. */
export const setupResultSchema = z.object({ status: z.literal('done') });

/** POST /api/v1/me/password. */
export const passwordChangedSchema = z.object({ status: z.literal('changed') });

/** POST /api/v1/me/email: the confirmation link went to (or waits in the outbox for) the new address. */
export const emailChangeSchema = z.object({ status: z.enum(EMAIL_OUTCOMES), pendingEmail: z.string() });

/** The signed-in person's account as PATCH /api/v1/me answers it. */
export const accountSchema = viewerSchema;
/** GET /api/v1/me: the account and its own language setting (null: chosen per request). */
export const meSchema = accountSchema.extend({ locale: z.enum(LOCALES).nullable() });
