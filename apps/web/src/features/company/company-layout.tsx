import type { ReactNode } from 'react';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { RouteTabs } from '../../ui/route-tabs';
import { useMe } from '../auth/session';

const text = es.company;

const TABS = [
  { path: '/company', label: text.tabs.settings },
  { path: '/company/channels', label: text.tabs.channels },
  { path: '/company/security', label: es.security.tab },
] as const;

/**
 * The frame of 'Mi Empresa' (01 §2 /company): the company's logo and name above its tabs, the
 * configuration ('/company'), the channels ('/company/channels') and 'Seguridad e integraciones'
 * ('/company/security'); each tab has its own title.
 */
export function CompanyLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  return (
    <Stack gap="md">
      {me && (
        <Group gap="sm" wrap="nowrap" data-testid="company-identity">
          <Avatar
            src={me.tenant.logo}
            alt={me.tenant.logo ? me.tenant.name : undefined}
            radius="sm"
            size={40}
            imageProps={{ style: { objectFit: 'contain' } }}
          >
            {me.tenant.name.charAt(0).toUpperCase()}
          </Avatar>
          <Text fw={700} size="lg">
            {me.tenant.name}
          </Text>
        </Group>
      )}
      <RouteTabs tabs={TABS} />
      {children}
    </Stack>
  );
}
