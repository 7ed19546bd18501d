import { readdirSync } from 'node:fs';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/**
 * The layers and their boundaries (docs/architecture.md, "Layers" and "What may import what"), checked here rather than
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
 * Component files whose words are not in the message catalogues, each with its reason
 * (docs/i18n.md, "What stays in English"). Every other component file (every .tsx under src/, tests
 * aside) holds no user-facing text of its own, neither as text nor in the attributes people
 * read or hear: a new screen is checked from its first line.
 */
export const UNTRANSLATED_FILES = [
  // The API reference: developer documentation generated from the OpenAPI document, in English
  // like the API itself (marked lang="en"); the page's heading, introduction and navigation
  // around it come from the catalogue.
  'src/composition/api/ApiDocsPage.tsx',
  'src/composition/api/ApiExample.tsx',
  // A diagnostics page for benchmarks (CHORUS_DIAGNOSTIC_ROUTES only): no one reads it.
  'src/features/diagnostics/page/TrivialPage.tsx',
];
/** A child of an element written as an expression, a choice between values, and a value with words in it. */
const CHILD = ':matches(JSXElement, JSXFragment) > JSXExpressionContainer';
const CHOICE = ':matches(ConditionalExpression, LogicalExpression)';
const WORDS = ':matches(Literal[value=/[A-Za-z]/], TemplateLiteral:has(TemplateElement[value.raw=/[A-Za-z]/]))';
const READ_ATTRIBUTES = '/^(label|title|alt|placeholder|hint|intro|description|aria-label|aria-description|aria-valuetext)$/';
/**
 * An error's own `.message` is the API's English (or a browser's internals): a component says a
 * failure with useApiErrorText (src/lib/api-error-text.ts) instead. Caught by the names errors go
 * by, and by anything read inside a catch block; no file is exempt.
 */
const ERROR_NAMES = '/^(e|err|error|ex|exception|caught|cause)$/';
const OWN_MESSAGE =
  'Say a failure in the reader’s language with useApiErrorText (src/lib/api-error-text.ts), never an error’s own .message.';
const OWN_MESSAGE_RULES = [
  { selector: `MemberExpression[object.name=${ERROR_NAMES}][property.name='message']`, message: OWN_MESSAGE },
  { selector: `CatchClause MemberExpression[property.name='message']:not([object.name=${ERROR_NAMES}])`, message: OWN_MESSAGE },
];
const translated = {
  files: ['src/**/*.tsx'],
  ignores: ['src/**/*.test.tsx', ...UNTRANSLATED_FILES],
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
      ...OWN_MESSAGE_RULES,
    ],
  },
};

// The files left in English still never show an error's own message (one rule list per file set: a later list would replace it).
const untranslatedOwnMessages = { files: UNTRANSLATED_FILES, rules: { 'no-restricted-syntax': ['error', ...OWN_MESSAGE_RULES] } };

const config = [
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      // Generated from the OpenAPI document (npm run api:client).
      'src/lib/api-client/schema.d.ts',
      'data/**',
      '.e2e/**',
    ],
  },
  ...nextVitals,
  ...nextTs,
  boundaries,
  translated,
  untranslatedOwnMessages,
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
