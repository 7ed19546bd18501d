/** Examples: Sign-in, sign-up, setup and one's own account. Checked by examples.test.ts. */
import { EXAMPLE_REFS as R } from './ids';
import type { ExamplesFor } from './types';

export const accountsExamples = {
  'POST /api/v1/auth/forgot-password': { body: { email: 'ada@example.com' }, status: 202, response: { status: 'check-email' } },
  'POST /api/v1/auth/identify': {
    body: { token: R.identifyToken },
    status: 200,
    response: { status: 'signed-in', user: { id: '5d0c8a3e-6f1b-4c2d-9e7a-1b2c3d4e5f60', displayName: 'Maya Patel', created: true } },
  },
  'POST /api/v1/widget/session': {
    body: { token: R.widgetIdentifyToken },
    status: 201,
    response: {
      token: 'cwt_Qm9vdHN0cmFwLXdpZGdldC1zZXNzaW9uLXRva2VuLTAx',
      expiresAt: '2026-11-26T08:14:03.089Z',
      user: { id: '8a1f3c5e-2b4d-4e6f-9a0b-1c2d3e4f5a6b', displayName: 'Jonas Berg' },
    },
  },
  'POST /api/v1/auth/magic-link': { body: { email: 'ada@example.com' }, status: 202, response: { status: 'check-email' } },
  'POST /api/v1/auth/magic-link/consume': {
    body: { token: 'mG5hJ7kL2qW9eR4tY8uI3oPaSd' },
    status: 200,
    response: { status: 'signed-in', passwordCleared: false },
  },
  'POST /api/v1/auth/reset-password': {
    body: { token: 'rT8vQ2xLm4Kp9sWd3ZaE7yHbNc', password: 'a new passphrase, long enough' },
    status: 200,
    response: { status: 'signed-in' },
  },
  'POST /api/v1/auth/sign-in': {
    body: { email: 'ada@example.com', password: 'correct horse battery staple' },
    status: 200,
    response: { status: 'signed-in' },
  },
  'POST /api/v1/auth/sign-out': { as: 'account', status: 204 },
  'POST /api/v1/auth/sign-up': {
    body: { displayName: 'Lin Chen', email: 'lin@example.com', password: 'a passphrase, long enough' },
    status: 201,
    response: { status: 'signed-in' },
  },
  'POST /api/v1/auth/sso/{provider}': {
    params: { provider: 'github' },
    body: { next: '/roadmap' },
    status: 200,
    response: {
      url:
        'https://github.com/login/oauth/authorize?client_id=Iv23liExampleClientId&redirect_uri=https%3A%2F%2Ffeedback.example.com%2Flogin%2Fsso%2Fgithub' +
        '&response_type=code&scope=read%3Auser+user%3Aemail&state=q3Xk9vS2bN7mT4wL&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' +
        '&code_challenge_method=S256',
    },
  },
  'POST /api/v1/auth/verify-email': {
    body: { token: 'vE3rF6yT9uH2jK5lM8nB1cXzQw' },
    status: 200,
    response: { status: 'signed-in', passwordCleared: false },
  },
  'GET /api/v1/me': {
    status: 200,
    response: {
      id: 'd3176575-a09a-4143-bf67-70e265ba5af9',
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      avatarUrl: null,
      role: 'member',
      emailVerified: true,
      locale: null,
    },
  },
  'PUT /api/v1/me/locale': { body: { locale: 'de' }, status: 200, response: { locale: 'de' } },
  'PATCH /api/v1/me': {
    body: { displayName: 'Ada L.', avatarUrl: null },
    status: 200,
    response: {
      id: '9b327ed7-f9bc-4a27-af62-f1ab1adb7036',
      displayName: 'Ada L.',
      email: 'ada@example.com',
      avatarUrl: null,
      role: 'member',
      emailVerified: true,
    },
  },
  'DELETE /api/v1/me': { body: { confirm: 'DELETE' }, status: 204 },
  'POST /api/v1/me/email': {
    body: { email: 'ada.new@example.com', password: 'correct horse battery staple' },
    status: 202,
    response: { status: 'check-email', pendingEmail: 'ada.new@example.com' },
  },
  'GET /api/v1/me/export': {
    status: 200,
    response: {
      format: 'chorus.account-export.v1',
      exportedAt: '2026-11-26T04:31:42.223Z',
      profile: {
        id: 'f4b25373-86a7-4660-87fc-2694c9a694c5',
        email: 'ada@example.com',
        displayName: 'Ada Lovelace',
        avatarUrl: null,
        role: 'member',
        locale: null,
        emailVerifiedAt: '2026-11-26T04:31:42.192Z',
        createdAt: '2026-11-26T04:31:42.197Z',
        updatedAt: '2026-11-26T04:31:42.197Z',
        notificationPreferences: [{ kind: 'status_changed', channel: 'email', enabled: true }],
        pendingEmailChange: null,
      },
      sessions: [
        {
          createdAt: '2026-11-26T04:31:42.199Z',
          lastSeenAt: '2026-11-26T04:31:42.199Z',
          expiresAt: '2026-12-26T04:31:42.198Z',
          ip: null,
          userAgent: null,
          current: true,
        },
      ],
      signInProviders: [],
      posts: [],
      comments: [],
      votes: [],
    },
  },
  'POST /api/v1/me/password': {
    body: { currentPassword: 'correct horse battery staple', newPassword: 'a new passphrase, long enough' },
    status: 200,
    response: { status: 'changed' },
  },
  'POST /api/v1/setup': {
    body: {
      workspaceName: 'Acme feedback',
      displayName: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'a passphrase, long enough',
      demoData: false,
    },
    status: 201,
    response: { status: 'done' },
  },
} satisfies ExamplesFor;
