import { readdirSync } from 'node:fs';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/**
 * The layers and their boundaries (docs/architecture.md, "Layers"), checked here rather than
 * left to convention:
 *
 *   src/pages        entry points: may import anything below
 *   src/composition  pages and routes that combine features, the API registry, the app shell
 *   src/features/*   one feature each; another feature only through its public surface
 *   src/core, src/server, src/components, src/lib, src/config   shared; never a feature
 *
 * A feature's public surface is its `schema.ts` (and `*-schema.ts` when a feature's schemas are
 * split by topic), its `enums.ts` and its services
 * (`server/service.ts`, `server/*-service.ts`). Its client components, pages and HTTP or job
 * handlers are for the composition layer and the entry points only.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

// Exceptions are matched against absolute paths, hence the leading **.
const PUBLIC_SURFACE = [
  '**/src/features/*/schema.ts',
  '**/src/features/*/*-schema.ts',
  '**/src/features/*/enums.ts',
  '**/src/features/*/server/service.ts',
  '**/src/features/*/server/*-service.ts',
];
const COMPOSABLE = [...PUBLIC_SURFACE, '**/src/features/*/client/**', '**/src/features/*/page/**', '**/src/features/*/server/*handlers.ts'];

const featureZones = FEATURES.map((name) => ({
  target: `./src/features/${name}/**`,
  from: FEATURES.filter((other) => other !== name).map((other) => `./src/features/${other}/**`),
  except: PUBLIC_SURFACE,
  message:
    `a feature imports another only through its public surface (schema.ts, enums.ts, server/*service.ts); ` +
    `compose client components, pages and handlers in src/composition`,
}));

const SHARED = ['./src/core', './src/lib', './src/components', './src/config'];

const boundaries = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...featureZones,
          { target: './src/features', from: './src/composition', message: 'features never import the composition layer: it composes them' },
          {
            target: './src/composition/**',
            from: FEATURES.map((f) => `./src/features/${f}/**`),
            except: COMPOSABLE,
            message:
              'the composition layer uses features through their public surface, client components, pages and handlers, not their internals',
          },
          // Shared code never imports a feature or the layer above features.
          ...SHARED.map((target) => ({
            target,
            from: './src/features',
            message: 'shared code (core, lib, components, config) must not import features',
          })),
          ...SHARED.map((target) => ({ target, from: './src/composition', message: 'shared code must not import the composition layer' })),
          // Server infrastructure: the database schema may read features' enums.ts (dependency-free lists of
          // values); the process entry wires the composition layer's background work.
          {
            target: './src/server/**',
            from: FEATURES.map((f) => `./src/features/${f}/**`),
            except: ['**/src/features/*/enums.ts'],
            message: 'server infrastructure must not import features',
          },
          {
            target: ['./src/server/!(main).ts', './src/server/*/**'],
            from: ['./src/composition/**'],
            message: 'server infrastructure must not import the composition layer (only src/server/main.ts, the process entry, wires it)',
          },
          // Browser-safe code never reaches for the server.
          { target: './src/core', from: './src/server', message: 'core is browser-safe: it must not import server code' },
          { target: './src/features/*/client', from: './src/features/*/server', message: 'client code must not import server code' },
          { target: './src/features/*/client', from: './src/server', message: 'client code must not import server code' },
          { target: './src/components', from: './src/server', message: 'ui components must not import server code' },
          { target: './src/lib', from: './src/server', message: 'shared client helpers must not import server code' },
          // A page component ships to the browser; its getServerSideProps lives in *.loader.ts beside it.
          {
            target: ['./src/features/*/page/*.tsx', './src/composition/**/*.tsx'],
            from: ['./src/features/*/server/**', './src/server/**'],
            message: 'page and client components must not import server code: put it in the *.loader.ts',
          },
        ],
      },
    ],
    'import/no-cycle': ['error', { ignoreExternal: true }],
  },
  // Only our own modules are followed for cycles; the packages in node_modules are not parsed.
  settings: { 'import/ignore': ['node_modules'] },
};

/**
 * Screens converted to the message catalogues (docs/i18n.md): their JSX holds no user-facing text
 * of its own, neither as text nor in the attributes people read or hear. Add each screen here as
 * it is converted; docs/i18n.md lists those still to do.
 */
export const TRANSLATED_FILES = [
  'src/composition/shell/App.tsx',
  'src/composition/shell/Header.tsx',
  'src/composition/shell/Footer.tsx',
  'src/composition/shell/ThemeToggle.tsx',
  'src/composition/shell/NavigationEffects.tsx',
  'src/composition/shell/LanguagePicker.tsx',
  'src/composition/shell/ErrorView.tsx',
  'src/features/notifications/client/NotificationBell.tsx',
  'src/features/accounts/client/AccountMenu.tsx',
  'src/features/accounts/client/AuthCard.tsx',
  'src/features/accounts/client/FormProblemAlert.tsx',
  'src/features/accounts/client/settings/LanguageForm.tsx',
  'src/features/accounts/page/LoginPage.tsx',
  'src/features/accounts/page/SignupPage.tsx',
  'src/features/accounts/page/ForgotPasswordPage.tsx',

  // The portal's pages (globs are welcome: a whole folder once it is converted).
  'src/composition/home/**/*.tsx',
  'src/composition/board/**/*.tsx',
  'src/composition/new-post/**/*.tsx',
  'src/composition/post-card/**/*.tsx',
  'src/composition/roadmap/**/*.tsx',
  'src/features/roadmap/**/*.tsx',
  'src/features/changelog/**/*.tsx',
  'src/features/subscriptions/**/*.tsx',
  'src/features/health/page/**/*.tsx',

  // The post page.
  'src/composition/post/PostPage.tsx',
  'src/composition/post/PostSidebar.tsx',
  'src/composition/post/PostTeamSidebar.tsx',
  'src/features/posts/client/MergedDuplicates.tsx',
  'src/features/posts/client/NewPostForm.tsx',
  'src/features/posts/client/PostEditor.tsx',
  'src/features/posts/client/SimilarPosts.tsx',
  'src/features/posts/client/StatusHistory.tsx',
  'src/features/votes/client/UnmergeControl.tsx',
  'src/features/votes/client/VoteButton.tsx',
  'src/features/votes/client/VoteOnBehalf.tsx',
  'src/features/votes/client/VotersDialog.tsx',
  'src/features/votes/client/VotersList.tsx',
  'src/features/comments/client/CommentDelete.tsx',
  'src/features/comments/client/CommentEditForm.tsx',
  'src/features/comments/client/CommentForm.tsx',
  'src/features/comments/client/CommentItem.tsx',
  'src/features/comments/client/CommentThread.tsx',

  // The team's work: triage, moderation, tags, the team's navigation.
  'src/composition/triage/**/*.tsx',
  'src/features/posts/client/properties/**/*.tsx',
  'src/features/moderation/**/*.tsx',
  'src/features/tags/**/*.tsx',
  'src/components/TeamNav.tsx',

  // The team's set-up: boards, statuses, insights.
  'src/features/boards/page/*.tsx',
  'src/features/boards/client/*.tsx',
  'src/features/statuses/page/*.tsx',
  'src/features/statuses/client/*.tsx',
  'src/features/insights/page/*.tsx',
  'src/features/insights/client/*.tsx',

  // The team's administration: settings, members, webhooks, API keys, audit, data.
  'src/features/settings/**/*.tsx',
  'src/features/members/**/*.tsx',
  'src/features/webhooks/**/*.tsx',
  'src/features/audit/**/*.tsx',
  'src/features/api-keys/**/*.tsx',
  'src/features/notifications/page/OutboxPage.tsx',
  'src/features/notifications/client/OutboxList.tsx',
  'src/features/notifications/client/EmailNotConfiguredNotice.tsx',
  'src/composition/data/DataPage.tsx',

  // Shared components and the widget.
  'src/components/ui/*.tsx',
  'src/components/MarkdownEditor.tsx',
  'src/components/MentionSuggest.tsx',
  'src/features/analytics/client/ConsentBanner.tsx',
  'src/features/analytics/client/ConsentControl.tsx',
  'src/features/analytics/client/FlagsInEffect.tsx',
  'src/features/analytics/page/PrivacyPage.tsx',
  'src/composition/widget/WidgetPage.tsx',
  'src/composition/widget/panel/*.tsx',
  // /docs/api: the page's own words; the reference inside it (ApiDocsPage's Operation and Fields) stays English, like the API.

  // Accounts and notifications.
  'src/features/accounts/client/settings/*.tsx',
  'src/features/accounts/client/SsoButtons.tsx',
  'src/features/accounts/client/TokenAction.tsx',
  'src/features/accounts/page/MagicLinkPage.tsx',
  'src/features/accounts/page/VerifyEmailPage.tsx',
  'src/features/accounts/page/ResetPasswordPage.tsx',
  'src/features/accounts/page/SsoCallbackPage.tsx',
  'src/features/accounts/page/SettingsProfilePage.tsx',
  'src/features/accounts/page/SettingsAccountPage.tsx',
  'src/features/accounts/page/SetupPage.tsx',
  'src/features/identify/page/SsoPage.tsx',
  'src/composition/settings/NotificationSettingsPage.tsx',
  'src/features/notifications/client/NotificationList.tsx',
  'src/features/notifications/client/PreferencesForm.tsx',
  'src/features/notifications/client/UnsubscribeConfirm.tsx',
  'src/features/notifications/page/NotificationsPage.tsx',
  'src/features/notifications/page/UnsubscribePage.tsx',
];
/** A child of an element written as an expression, a choice between values, and a value with words in it. */
const CHILD = ':matches(JSXElement, JSXFragment) > JSXExpressionContainer';
const CHOICE = ':matches(ConditionalExpression, LogicalExpression)';
const WORDS = ':matches(Literal[value=/[A-Za-z]/], TemplateLiteral:has(TemplateElement[value.raw=/[A-Za-z]/]))';
const READ_ATTRIBUTES = '/^(label|title|alt|placeholder|hint|intro|description|aria-label|aria-description|aria-valuetext)$/';
const translated = {
  files: TRANSLATED_FILES,
  rules: {
    'react/jsx-no-literals': ['error', { noStrings: false, ignoreProps: true }],
    'no-restricted-syntax': [
      'error',
      {
        selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > Literal[value=/[A-Za-z]/]`,
        message: 'Words people read come from the message catalogue (useTranslations), not from the JSX.',
      },
      {
        selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > JSXExpressionContainer > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)`,
        message: 'Words people read come from the message catalogue (useTranslations), not from the JSX.',
      },
      {
        selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > JSXExpressionContainer > ${CHOICE} > ${WORDS}`,
        message: 'Words people read come from the message catalogue (useTranslations), not from the JSX.',
      },
      // Text as a child written as an expression: {'Save'}, {busy ? 'Saving…' : label}, {note ?? 'None'}, {`${n} votes`}.
      {
        selector: `${CHILD} > ${WORDS}`,
        message: 'Words people read come from the message catalogue (useTranslations), not from the JSX.',
      },
      {
        selector: `${CHILD} > ${CHOICE} > ${WORDS}`,
        message: 'Words people read come from the message catalogue (useTranslations), not from the JSX.',
      },
      {
        selector: `${CHILD} > ${CHOICE} > ${CHOICE} > ${WORDS}`,
        message: 'Words people read come from the message catalogue (useTranslations), not from the JSX.',
      },
    ],
  },
};

const config = [
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'data/**',
      '.e2e/**',
    ],
  },
  ...nextVitals,
  ...nextTs,
  boundaries,
  translated,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Vitest fixtures named use…() (useTestDatabase) and Playwright's fixture callback `use` are not React hooks.
  { files: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  // The document lives in the composition layer's shell; pages/_document.tsx only re-exports it (thin entry points).
  { files: ['src/composition/shell/Document.tsx'], rules: { '@next/next/no-document-import-in-page': 'off' } },
  // Formatting is Prettier's (npm run format); lint only checks that it was applied.
  prettier,
  // Prettier wraps code at 140 but leaves long strings, comments and SQL alone: none may pass 160.
  { rules: { 'max-len': ['error', { code: 160, tabWidth: 2, ignoreUrls: true }] } },
];

export default config;
