// @ts-check
import root from '../../eslint.config.js';

/** packages/domain holds pure rules for the web and the server: it imports no app and no database. */
export default [
  ...root,
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cartera/server',
                '@cartera/server/*',
                '@cartera/web',
                '@cartera/web/*',
                '**/apps/**',
              ],
              message: 'Packages never import apps.',
            },
            {
              group: [
                '@cartera/db',
                '@cartera/db/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                'node:*',
              ],
              message:
                'packages/domain runs in the browser too: no database and no Node built-ins.',
            },
          ],
        },
      ],
    },
  },
];
