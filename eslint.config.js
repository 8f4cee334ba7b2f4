// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importCircles from './scripts/eslint-import-circles.mjs';

/** The import pattern every package refuses: packages sit under the apps and never import one. */
export const NO_APPS = {
  group: ['@cartera/server', '@cartera/server/*', '@cartera/web', '@cartera/web/*', '**/apps/**'],
  message: 'Packages never import apps.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/routeTree.gen.ts',
      '**/migrations/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // No circle between the files of an app (docs/ARCHITECTURE.md, "Import circles").
    plugins: { house: importCircles },
    rules: { 'house/no-import-circle': 'error' },
  },
);
