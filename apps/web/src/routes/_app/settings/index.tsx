import { createFileRoute } from '@tanstack/react-router';
import { searchParams, textParam } from '../../../lib/search-params';
import { SettingsPage } from '../../../features/settings/settings-page';

/**
 * '/settings': the user's own configuration (01 §7 Settings): profile, password, appearance,
 * personal config, 'Aprender', their WhatsApp, their mailbox and API tokens. Nylas's hosted
 * authentication sends the user back here (NYLAS_REDIRECT_URI) with `code` and `state`, or
 * OAuth's `error` when they refused (issue #38 item 1); 'Correo personal' reads them once and
 * drops them from the address.
 */
export const Route = createFileRoute('/_app/settings/')({
  validateSearch: searchParams({
    code: textParam(2000),
    state: textParam(500),
    error: textParam(200),
  }),
  component: SettingsPage,
});
