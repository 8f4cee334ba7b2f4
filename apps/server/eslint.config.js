// @ts-check
import root from '../../eslint.config.js';

/**
 * The server's import boundaries (docs/ARCHITECTURE.md "Import boundaries"):
 * - a module reaches another module only through its services: never its repository, router or
 *   REST adapter (its own files it imports as `./…`);
 * - nothing under src/ but app.ts and the test harness imports the top router (src/router.ts);
 * - trpc/ holds init, context and errors: it imports no module but sessions (the context resolves
 *   the session).
 */
const NOT_ANOTHER_MODULES_INSIDE = {
  group: ['../*/*.repository', '../*/*.router', '../*/*.rest', '**/modules/*/*.repository'],
  message:
    "A module reaches another module only through its service (or modules/access's conditions), never its repository, router or REST adapter.",
};
const NOT_THE_TOP_ROUTER = {
  group: ['../router', '../../router', '../../../router'],
  message: 'Only app.ts and the test harness import the top router (src/router.ts).',
};

export default [
  ...root,
  {
    files: ['src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NOT_ANOTHER_MODULES_INSIDE, NOT_THE_TOP_ROUTER] },
      ],
    },
  },
  {
    files: [
      'src/trpc/**/*.ts',
      'src/http/**/*.ts',
      'src/realtime/**/*.ts',
      'src/jobs/**/*.ts',
      'src/lib/**/*.ts',
      'src/storage/**/*.ts',
      'src/integrations/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_THE_TOP_ROUTER,
            { group: ['**/modules/*/*.repository'], message: NOT_ANOTHER_MODULES_INSIDE.message },
          ],
        },
      ],
    },
  },
  {
    files: ['src/trpc/**/*.ts', 'src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_THE_TOP_ROUTER,
            {
              group: [
                '../modules/*',
                '!../modules/sessions',
                '../modules/*/*',
                '!../modules/sessions/*',
              ],
              message:
                'trpc/ and lib/ import no module but sessions (the context resolves the session).',
            },
          ],
        },
      ],
    },
  },
];
