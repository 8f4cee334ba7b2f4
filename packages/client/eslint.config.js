// @ts-check
import root from '../../eslint.config.js';

/** The client borrows only the API's types from the server: no server code may reach its bundle. */
export default [
  ...root,
  // build.mjs's intermediate declarations (git-ignored).
  { ignores: ['build-types/'] },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cartera/server',
                '@cartera/server/*',
                '@cartera/web',
                '@cartera/web/*',
                '@cartera/db',
                '@cartera/db/*',
                '**/apps/**',
              ],
              message: 'The client imports only types from the server (import type).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['examples/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
];
