import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../features/settings/settings-page';

/** '/settings': the user's own configuration (01 §7 Settings): profile, password, appearance, personal config, 'Aprender', their WhatsApp and API tokens. */
export const Route = createFileRoute('/_app/settings/')({
  component: SettingsPage,
});
