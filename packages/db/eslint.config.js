// @ts-check
import root from '../../eslint.config.js';

/** packages/db sits under the apps: it imports no app. */
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
          ],
        },
      ],
    },
  },
];
