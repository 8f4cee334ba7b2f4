import { es } from '@cartera/domain/i18n';
import { RouteTabs } from '../../ui/route-tabs';

const TABS = [
  { path: '/grupos', label: es.notifications.admin.tabs.groups },
  { path: '/grupos/notificaciones', label: es.notifications.admin.tabs.notifications },
] as const;

/**
 * The screens of 'Administración' (platform admins): the groups ('/grupos') and the
 * notifications sent to the users of any company ('/grupos/notificaciones', issue #41).
 */
export function AdminTabs() {
  return <RouteTabs tabs={TABS} />;
}
