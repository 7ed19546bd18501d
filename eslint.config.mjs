import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Feature boundaries (ARCHITECTURE.md §2): browser code never imports server code,
// and design-system primitives never import features.
const boundaries = {
  files: ['src/**/*.{ts,tsx}'],
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: './src/features/*/client', from: './src/features/*/server', message: 'client code must not import server code' },
          { target: './src/features/*/client', from: './src/server', message: 'client code must not import server code' },
          { target: './src/components', from: './src/features', message: 'ui primitives must not import features' },
          // A page component ships to the browser; its getServerSideProps lives in *.loader.ts beside it.
          { target: './src/features/*/page/*.tsx', from: './src/features/*/server', message: 'page components must not import server code: put it in the *.loader.ts' },
          { target: './src/features/*/page/*.tsx', from: './src/server', message: 'page components must not import server code: put it in the *.loader.ts' },
          { target: './src/components', from: './src/server', message: 'ui primitives must not import server code' },
          { target: './src/lib', from: './src/server', message: 'shared client helpers must not import server code' },
          { target: './src/lib', from: './src/features', message: 'shared helpers must not import features' },
        ],
      },
    ],
    '@typescript-eslint/no-explicit-any': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
  },
};

const config = [
  { ignores: ['.next/**', 'node_modules/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'data/**'] },
  ...nextVitals,
  ...nextTs,
  boundaries,
  // Vitest fixtures named use…() (useTestDatabase) and Playwright's fixture callback `use` are not React hooks.
  { files: ['src/**/*.test.ts', 'e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  // The document lives in the composition layer's shell; pages/_document.tsx only re-exports it (thin entry points).
  { files: ['src/composition/shell/Document.tsx'], rules: { '@next/next/no-document-import-in-page': 'off' } },
];

export default config;
