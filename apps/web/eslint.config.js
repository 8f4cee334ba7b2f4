// @ts-check
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import root from '../../eslint.config.js';

/**
 * Import boundaries of the web (docs/ARCHITECTURE.md, Web):
 * - the server is a source of types only (its code must never reach the browser bundle), and they
 *   enter through one module, lib/api-types.ts;
 * - only main.tsx imports router.ts (it imports the route tree, hence every screen): the router's
 *   context is lib/router-context.ts;
 * - ui/ and lib/ are shared pieces: they import no feature, no frame and no route;
 * - shell/ (the app frame) imports only the features the frame itself shows.
 */
const FRAME_FEATURES = [
  'auth/session', // who is signed in
  'auth/use-logout', // the user menu's 'Cerrar sesión'
  'auth/use-session-live', // access changes and the session's end reach the open tab
  'live/live-events', // the tab's one live event stream
  'account/[^/]+', // the account switcher and linked accounts dialogs
  'activity/activity-dialog', // the user menu's 'Actividad'
  'profile/profile-dialog', // the user menu's 'Mi perfil'
  'new-version/new-version-modal', // the news shown after an update
  'inbox/unassigned-count', // the 'Inbox' entry's badge
  'inbox/unread-counts', // the inboxes' unread counts and the tab title (issue #33)
  'contacts/back-link', // the entry a contact's view belongs to
  'companies/companies-settings', // the companies entry's tenant label
  'channels/disconnected-alert', // the project managers' disconnected-channels alert
  'keyboard/keyboard-provider', // shortcuts, the command menu and the shortcuts sheet
  'notifications/message-notices', // toasts, sound and browser notices of customers' messages
  'notifications/inbox/frame-notifications', // the shipments' banner and bottom-right notice
  'notifications/inbox/use-notifications', // their list, tracking and the user menu's count
  'support/use-support', // the support entry and its 'show or hide' (issue #44 item 4)
  'phone/phone-frame', // the softphone and the incoming-call widget (issue #39)
  'phone/softphone-menu-item', // the user menu's 'Abrir teléfono'
];

/**
 * router.ts imports the route tree, hence every screen: only main.tsx imports it. Nothing imports
 * main.tsx, and only main.tsx the providers and only router.ts the route tree.
 */
const NOT_THE_ROUTER = {
  regex: '^(\\.{1,2}/)+(router|main|providers|routeTree\\.gen)$',
  message:
    'Only main.tsx imports router.ts (and the providers): take the router context from lib/router-context.ts, route APIs from @tanstack/react-router.',
};
/** A feature is below the frame and the routes (docs/ARCHITECTURE.md, Import boundaries). */
const NOT_THE_FRAME = {
  regex: '^(\\.\\./)+(shell|routes)(/|$)',
  message:
    'A feature imports no frame (shell/) or route (routes/): move what both need to ui/ or lib/.',
};

/** The server's types enter through lib/api-types.ts only. */
const NOT_THE_SERVER = {
  regex: '^@cartera/server(/|$)',
  message: "The web takes the server's types from lib/api-types.ts.",
};
/** Date inputs and charts come with their styles (issue #35 item 2: not on the login page). */
const NOT_UNSTYLED_KITS = {
  regex: '^@mantine/(dates|charts)$',
  message:
    'Import date inputs from ui/dates.ts and charts from ui/charts.ts: they bring their styles.',
};

export default [
  ...root,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [NOT_THE_SERVER, NOT_UNSTYLED_KITS] },
      ],
    },
  },
  {
    // The wrappers themselves, and the providers' DatesProvider (the date inputs' locale).
    files: ['src/ui/dates.ts', 'src/ui/charts.ts', 'src/providers.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NOT_THE_SERVER] }],
    },
  },
  {
    files: ['src/lib/api-types.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@cartera/server(/|$)',
              allowTypeImports: true,
              message: 'The web imports only types from the server: use `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(features|shell|routes)(/|$)',
              message: 'ui/ and lib/ are shared pieces: they import no feature, frame or route.',
            },
            NOT_THE_ROUTER,
          ],
        },
      ],
    },
  },
  {
    files: ['src/shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./features/(?!(${FRAME_FEATURES.join('|')})$)`,
              message: 'shell/ imports only the features the frame shows (FRAME_FEATURES).',
            },
            {
              regex: '^\\.\\./routes(/|$)',
              message: 'shell/ imports no route.',
            },
            NOT_THE_ROUTER,
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NOT_THE_ROUTER, NOT_THE_FRAME] }],
    },
  },
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NOT_THE_ROUTER] }],
    },
  },
];
