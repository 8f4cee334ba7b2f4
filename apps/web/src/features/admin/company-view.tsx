import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { flagLabel } from '@cartera/domain/admin';
import { es } from '@cartera/domain/i18n';
import { FEATURE_FLAGS } from '@cartera/domain/policy';
import { domainCodeOf } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { fileSrc } from '../../lib/file-url';

const text = es.admin.company;

/** One figure of a company's overview (also 'Mi Empresa' › 'Resumen'). */
export function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" aria-label={label}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

/**
 * '/comercial/{companyId}' (01 §2, admins): the admin's view of one company, its root group: its
 * data, its figures (users, contacts, groups), the feature flags it sets, and the ways into
 * 'Administración' to change them. Only the admin's own company (docs/decisions.md).
 */
/** One part of the company view: its title and the link to edit it in /grupos (its tab). */
function Section({
  title,
  companyId,
  tab,
  edit,
  children,
}: {
  title: string;
  companyId: string;
  tab: 'settings' | 'users' | 'flags';
  edit: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Button
            size="xs"
            variant="light"
            renderRoot={(props) => (
              <Link to="/grupos" search={{ group: companyId, tab }} {...props} />
            )}
          >
            {edit}
          </Button>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function CompanyView({ companyId }: { companyId: string }) {
  const trpc = useTRPC();
  const company = useQuery(trpc.admin.company.queryOptions({ id: companyId }));
  if (company.isPending) return <Loader size="sm" aria-label={text.title} />;
  if (company.isError) {
    return domainCodeOf(company.error) === 'GROUP_NOT_FOUND' ? (
      <Alert variant="light" maw={640}>
        {text.notFound}
      </Alert>
    ) : (
      <QueryError query={company} maw={640} />
    );
  }
  const data = company.data;
  const name = data.displayName || data.name;
  const flagsOn = FEATURE_FLAGS.filter((flag) => data.featureFlags[flag] === 1);

  return (
    <Stack gap="md" maw={960}>
      <Group gap="sm" wrap="nowrap">
        <Avatar
          src={fileSrc(data.logo)}
          radius="sm"
          size={48}
          alt={data.logo ? name : undefined}
          imageProps={{ style: { objectFit: 'contain' } }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <div>
          <Text size="xs" c="dimmed">
            {text.title}
          </Text>
          <Title order={1} fz="h2">
            {name}
          </Title>
        </div>
      </Group>

      <Section title={text.data} companyId={data.id} tab="settings" edit={text.editSettings}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <b>{text.name}:</b> {data.name}
          </Text>
          <Text size="sm">
            <b>{text.displayName}:</b> {data.displayName || '—'}
          </Text>
          <Text size="sm">
            <b>{text.country}:</b> {data.countryName}
          </Text>
          <Text size="sm">
            <b>{text.status}:</b>{' '}
            <Badge size="sm" variant="light" color={data.active ? 'teal' : 'gray'}>
              {data.active ? text.active : text.inactive}
            </Badge>
          </Text>
          <Text size="xs" c="dimmed">
            {text.id}: {data.id}
          </Text>
        </SimpleGrid>
      </Section>

      <Section title={text.figures} companyId={data.id} tab="users" edit={text.editUsers}>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Figure label={text.users} value={data.activeUsers} />
          <Figure label={text.inactiveUsers} value={data.inactiveUsers} />
          <Figure label={text.sellers} value={data.sellers} />
          <Figure label={text.contacts} value={data.contacts} />
          <Figure label={text.groups} value={data.groups} />
        </SimpleGrid>
      </Section>

      <Section title={text.flags} companyId={data.id} tab="flags" edit={text.editFlags}>
        {flagsOn.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.noFlags}
          </Text>
        ) : (
          <Group gap={6}>
            {flagsOn.map((flag) => (
              <Badge key={flag} variant="light">
                {flagLabel(flag)}
              </Badge>
            ))}
          </Group>
        )}
      </Section>
    </Stack>
  );
}
