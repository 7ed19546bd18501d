/**
 * The error catalogue of SPEC.md §8: every code, its HTTP status and the message a person sees.
 * Shared by the server (responses) and the browser (human messages), defined once.
 */
export const ERROR_CATALOGUE = {
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { status: 422, message: 'Some fields need another look.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'That email and password do not match.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that.' },
  ACCOUNT_BANNED: { status: 403, message: 'This account has been suspended.' },
  NOT_FOUND: { status: 404, message: 'We could not find that.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'That method is not allowed here.' },
  CONFLICT: { status: 409, message: 'That value is already taken.' },
  VOTING_CLOSED: { status: 409, message: 'Voting is closed for this post.' },
  MERGE_INVALID: { status: 409, message: 'Those posts cannot be merged.' },
  LAST_ADMIN: { status: 409, message: 'The workspace must keep at least one admin.' },
  SETUP_DONE: { status: 409, message: 'Setup has already been completed.' },
  TOKEN_INVALID: { status: 410, message: 'This link has expired or was already used.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'That is too large to upload.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'That content type is not supported.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/**
 * Why an error happened, where its code alone does not say it (an expired invitation, a tag
 * name already in use): a stable key beside the code, so that a page can say it in its reader's
 * language (`problems.reasons.*`) while the API's `message` stays English for its clients.
 * docs/api.md lists them; a page without words for a reason falls back to its code's words.
 */
export const ERROR_REASONS = [
  'alreadyMember',
  'boardArchived',
  'boardOrderInvalid',
  'boardSlugTaken',
  'boardTeamOnly',
  'bodyTooLarge',
  'changelogAddressTaken',
  'commentEditWindowClosed',
  'commentsArchived',
  'commentsTeamOnly',
  'customerBanned',
  'customerDeleted',
  'customerIsTeam',
  'customerNotRecorded',
  'customerOtherExternalId',
  'customerOwnAccount',
  'editMerged',
  'editStatusChanged',
  'editWindowClosed',
  'emailTaken',
  'emailUnconfirmedNoMail',
  'emailUnconfirmedSent',
  'entryAlreadyPublished',
  'followTeamOnly',
  'imageEmpty',
  'imageTooLarge',
  'imageTooManyPixels',
  'imageType',
  'imageUnreadable',
  'importProblems',
  'importTooLarge',
  'internalNoteForCustomer',
  'internalNotesTeamOnly',
  'invitationInvalid',
  'labelNameTaken',
  'lastAdminSelf',
  'lastStatus',
  'mergeChained',
  'mergeCycle',
  'mergeSelf',
  'mergeTargetMissing',
  'pageLinkInvalid',
  'postAlreadyApproved',
  'postAlreadyMerged',
  'postAlreadyRejected',
  'postChanged',
  'postMergedComment',
  'signupRestricted',
  'ssoIssuerNonPublic',
  'ssoIssuerUnresolved',
  'ssoLastProvider',
  'ssoNeedsSecretKey',
  'ssoOnly',
  'ssoTryFirst',
  'statusInUse',
  'statusNameTaken',
  'tagNameTaken',
  'tooManyTags',
  'unsubscribeLinkInvalid',
  'votingArchived',
  'votingMerged',
  'votingPending',
  'webhookEndpointDisabled',
  'webhookUrlCredentials',
  'webhookUrlInvalid',
  'webhookUrlMetadata',
  'webhookUrlNonPublic',
  'webhookUrlScheme',
  'webhookUrlUnresolved',
  'widgetSessionEnded',
  'workspaceNotEmpty',
  'wrongPassword',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value);
}

/** The body of every /api error (SPEC.md §8). */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; reason?: ErrorReason; fields?: Record<string, string>; requestId: string };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The API's English message for a code (what an error answer without one means); pages use problems.codes.*. */
export function messageFor(code: string): string {
  return isErrorCode(code) ? ERROR_CATALOGUE[code].message : ERROR_CATALOGUE.INTERNAL.message;
}
