// Lint: Next's core-web-vitals and TypeScript rules, with jsx-a11y from eslint-config-next.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', '.data/**', 'src/generated/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench/.out/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];

export default config;
