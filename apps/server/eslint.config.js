// @ts-check
import root from '../../eslint.config.js';

/**
 * The server's import boundaries (docs/ARCHITECTURE.md "Import boundaries"):
 * - a module reaches another module only through its services: never its repository, router or
 *   REST adapter (its own files it imports as `./…`);
 * - nothing under src/ but app.ts and the test harness imports the top router (src/router.ts);
 * - trpc/ holds init, context and errors: it imports no module but sessions (the context resolves
 *   the session);
 * - job handlers are bound in one registry, src/app-jobs.ts, which only app.ts (and tests) import;
 *   a `*.jobs.ts` file declares queues (names, schemas) and imports nothing of its module, and
 *   jobs/ (the runner) imports no module.
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
const NOT_THE_JOB_REGISTRY = {
  group: ['../app-jobs', '../../app-jobs', '../../../app-jobs'],
  message: 'Only app.ts (and tests) import the job registry (src/app-jobs.ts).',
};
const A_JOB_FILE_DECLARES_ONLY = {
  // Any relative import but jobs/define (`../jobs/define` from realtime/, `../../jobs/define`
  // from a module).
  regex: '^\\.{1,2}/(?!(\\.\\./)?jobs/define$)',
  message:
    'A *.jobs.ts file declares queues (name, schema, schedule) with jobs/define only; its handler is bound in src/app-jobs.ts.',
};

export default [
  ...root,
  {
    files: ['src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NOT_ANOTHER_MODULES_INSIDE, NOT_THE_TOP_ROUTER, NOT_THE_JOB_REGISTRY] },
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
            NOT_THE_JOB_REGISTRY,
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
  {
    files: ['src/jobs/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_THE_TOP_ROUTER,
            NOT_THE_JOB_REGISTRY,
            {
              group: ['../modules/*', '../deps'],
              message:
                'jobs/ (the queues and their runner) imports no module and not deps: handlers are bound in src/app-jobs.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.jobs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NOT_THE_TOP_ROUTER, NOT_THE_JOB_REGISTRY, A_JOB_FILE_DECLARES_ONLY] },
      ],
    },
  },
];
