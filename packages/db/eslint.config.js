// @ts-check
import root, { NO_APPS } from '../../eslint.config.js';

/** packages/db sits under the apps: it imports no app. */
export default [
  ...root,
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_APPS],
        },
      ],
    },
  },
];
