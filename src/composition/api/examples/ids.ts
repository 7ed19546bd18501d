/**
 * The identifiers the examples use. They read like real ones; examples.test.ts seeds a workspace
 * whose rows carry them (or maps each to the row it stands for), so every example request reaches
 * real data.
 */
export const EXAMPLE_IDS = {
  // People
  ada: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e01', // a member
  grace: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e02', // an admin
  linus: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e03', // a moderator
  ola: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e04', // a member the team bans
  uma: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e05', // a member whose email is not confirmed
  pat: '0b6f7a52-3c1e-4d8a-9f20-6a1b2c3d4e06', // a member an admin promotes
  // Boards
  ideasBoard: '5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c01',
  bugsBoard: '5d2c9e10-7b4a-4f3e-8c21-0e9f8a7b6c02',
  // Statuses (the six default ones, and one an admin added)
  statusOpen: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e01',
  statusUnderReview: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e02',
  statusPlanned: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e03',
  statusInProgress: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e04',
  statusComplete: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e05',
  statusClosed: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e06',
  statusNeedsInfo: '8a3e5f71-2d6c-4b9a-a0e4-3c2b1a0f9e07',
  // Tags
  tagDashboard: 'c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b01',
  tagBilling: 'c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b02',
  tagLegacy: 'c47e1b09-9a2f-4e6d-b3c8-5f4e3d2c1b03',
  // Changelog entries
  entryPublished: 'e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e01',
  entryDraft: 'e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e02',
  entryToUnpublish: 'e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e03',
  entryToSchedule: 'e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e04',
  entryToDelete: 'e91d4c36-5b8a-4c2f-9e71-2a3b4c5d6e05',
  // Files
  attachment: 'a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c01',
  logo: 'a5b6c7d8-1e2f-4a3b-8c4d-5e6f7a8b9c02',
  // API keys and webhooks
  apiKey: '3f9a2b7c-6d1e-4c8f-a5b2-7e6d5c4b3a01',
  webhook: '9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e01', // active, with a delivered event
  webhookDisabled: '9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e02', // disabled after repeated failure, to enable
  webhookToDelete: '9c8d7e6f-4a3b-4c2d-8e1f-0a9b8c7d6e03',
  webhookDelivery: 'd4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f01',
  webhookEvent: 'd4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f02',
  // Pending invitations: one whose link is replaced, one resent, one revoked
  invitation: '6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f01',
  invitationToResend: '6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f02',
  invitationToRevoke: '6e2f4a18-9c3b-4d7e-a1f5-8b0c2d4e6f03',
} as const;

/** Post numbers: the post most examples act on, and posts kept for one action each. */
export const EXAMPLE_POSTS = {
  darkMode: 120, // a public post with votes, comments and a tag
  adasPost: 121, // Ada's own post, which she edits
  duplicate: 122, // merged into 120
  merged: 123, // already merged into 120, to unmerge
  pending: 124, // awaiting approval
  toDelete: 125, // Ada's post, which she deletes
  pinned: 126,
} as const;

/** Numeric ids (comments, notifications, saved views) and emailed tokens, mapped to real ones by the test. */
export const EXAMPLE_REFS = {
  comment: '311',
  commentToDelete: '312',
  pendingComment: '313',
  notification: '7',
  triageView: '3',
  resetToken: 'rT8vQ2xLm4Kp9sWd3ZaE7yHbNc',
  magicToken: 'mG5hJ7kL2qW9eR4tY8uI3oPaSd',
  verifyToken: 'vE3rF6yT9uH2jK5lM8nB1cXzQw',
  unsubscribeToken: 'uN4sB7dF1gH5jK8lQ2wE6rTyZx',
  /** A host-signed identify token (the test signs a real one with the world's identify secret). */
  identifyToken: [
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
    'eyJzdWIiOiJjdXN0LTQyIiwiZW1haWwiOiJtYXlhQGV4YW1wbGUuY29tIiwibmFtZSI6Ik1heWEgUGF0ZWwiLCJhdWQiOiJodHRwczovL2ZlZWRiYWNrLmV4YW1wbGUuY29tIiwi' +
      'anRpIjoiOWY0YzJlN2EiLCJpYXQiOjE3OTU2NzAwMDAsImV4cCI6MTc5NTY3MDMwMH0',
    'q3J5mQ0xRk1b2pV6n8uYtE4wZcH7sLdA9gKfT1oPiNs',
  ].join('.'),
  /** Another one, for the widget's session (a token is used once). */
  widgetIdentifyToken: [
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
    'eyJzdWIiOiJjdXN0LTQzIiwiZW1haWwiOiJqb25hc0BleGFtcGxlLmNvbSIsIm5hbWUiOiJKb25hcyBCZXJnIiwiYXVkIjoiaHR0cHM6Ly9mZWVkYmFjay5leGFtcGxlLmNvbSIsImp0' +
      'aSI6IjNiN2QxYzQwIiwiaWF0IjoxNzk1NjcwMDAwLCJleHAiOjE3OTU2NzAzMDB9',
    'Wm2pQ7xV4kN9bT1cR6yH3sL8dF0gJ5aE2uZ7oPiMq4s',
  ].join('.'),
  /** A webhook receiver's URL (the test sends to its own receiver on 127.0.0.1 instead). */
  webhookUrl: 'https://hooks.example.com/chorus',
} as const;
