import type { ReactNode } from 'react';
import { Avatar, Group, Image, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { canOpenScreen } from '@cartera/domain/policy';
import { RouteTabs } from '../../ui/route-tabs';
import { guardUserOf, useMe } from '../auth/session';
import { fileSrc } from '../../lib/file-url';

const text = es.company;

const TABS = [
  { path: '/company', label: text.tabs.settings },
  { path: '/company/overview', label: text.tabs.overview },
  { path: '/company/fields', label: es.fieldsConfig.tabs.fields },
  { path: '/company/sales', label: es.fieldsConfig.tabs.sales },
  { path: '/company/channels', label: text.tabs.channels },
  { path: '/company/users', label: text.tabs.users },
  { path: '/company/security', label: es.security.tab },
  { path: '/company/sharedinboxes', label: text.tabs.sharedInboxes },
] as const;

/**
 * The frame of 'Mi Empresa' (01 §2 /company): the company's logo and name above its tabs, the
 * configuration ('/company'), its figures and groups ('/company/overview'), the fields
 * ('/company/fields'), the sales ('/company/sales'), the channels ('/company/channels'),
 * 'Seguridad e integraciones' ('/company/security'), for comercial the shared inboxes
 * ('/company/sharedinboxes') and, for user managers, the users ('/company/users'); each tab has
 * its own title. A tab shows when its screen opens for the user (the guard's `canOpenScreen`).
 */
export function CompanyLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  return (
    <Stack gap="md">
      {me && (
        <Group gap="sm" wrap="nowrap" data-testid="company-identity">
          {me.tenant.logo ? (
            // The whole logo, however wide: 40 px high, its width following (issue #35: never
            // cropped to a square).
            <Image
              src={fileSrc(me.tenant.logo)}
              alt={me.tenant.name}
              h={40}
              w="auto"
              maw={200}
              fit="contain"
              radius="sm"
              data-testid="company-logo"
            />
          ) : (
            <Avatar radius="sm" size={40}>
              {me.tenant.name.charAt(0).toUpperCase()}
            </Avatar>
          )}
          <Text fw={700} size="lg">
            {me.tenant.name}
          </Text>
        </Group>
      )}
      <RouteTabs
        tabs={
          me ? TABS.filter((tab) => canOpenScreen(guardUserOf(me), tab.path)) : TABS.slice(0, 2)
        }
      />
      {children}
    </Stack>
  );
}
