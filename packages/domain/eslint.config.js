// @ts-check
import root, { NO_APPS } from '../../eslint.config.js';

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
            NO_APPS,
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
