import { useState } from 'react';
import {
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { domainCodeOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ArrowLeftIcon, BuildingIcon, PencilIcon } from '../../ui/icons';
import { flagOn } from '@cartera/domain/policy';
import { useMe } from '../auth/session';
import { useCompaniesSettings } from './companies-settings';
import { CompanyContactsPanel } from './company-contacts-panel';
import { CompanyGeneralInfo } from './company-general-info';
import { CompanyDialog } from './company-dialog';
import { SectorsPanel } from './sectors-panel';
import { QueryError } from '../../ui/query-error';

/**
 * /companies/$companyId: the company's general information (its own fields and the configurable
 * ones, read-only through the same field renderer), 'Editar', its sectors and its contacts.
 */
export function CompanyPage({ companyId }: { companyId: string }) {
  const trpc = useTRPC();
  const me = useMe();
  const settings = useCompaniesSettings();
  const company = useQuery({ ...trpc.company.get.queryOptions({ id: companyId }), retry: false });
  const [editing, setEditing] = useState(false);
  const plural = settings.data?.plural ?? es.companies.defaultPlural;

  const back = (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link to="/companies" {...props} />}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <ArrowLeftIcon size={14} />
      {format(es.companies.backToList, { plural: settings.data?.panelLabel ?? plural })}
    </Anchor>
  );

  if (company.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={es.app.loading}>
        <Skeleton height={36} w={320} />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }

  if (company.isError) {
    const code = domainCodeOf(company.error);
    const missing = code === 'COMPANY_NOT_FOUND' || code === 'INVALID_REQUEST_BODY';
    return (
      <Stack gap="md" align="flex-start">
        {back}
        {missing ? (
          <Paper withBorder radius="lg" p="xl" maw={520} w="100%" data-testid="company-not-found">
            <Stack gap="sm" align="center" ta="center">
              <Box c="gray.5">
                <BuildingIcon size={48} stroke={1.4} />
              </Box>
              <Title order={1} fz="h3">
                {errorMessage('COMPANY_NOT_FOUND')}
              </Title>
              <Text c="dimmed" size="sm">
                {es.app.notFoundBody}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <QueryError query={company} maw={560} />
        )}
      </Stack>
    );
  }

  const data = company.data;
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
            {settings.data?.singular ?? es.companies.defaultSingular}
          </Text>
          <Title order={1} fz="h2" lh={1.2}>
            {data.businessName}
          </Title>
          {data.displayName && data.displayName !== data.businessName && (
            <Text c="dimmed">{data.displayName}</Text>
          )}
        </Stack>
        <Button
          variant="default"
          leftSection={<PencilIcon size={16} />}
          onClick={() => setEditing(true)}
        >
          {es.companies.edit}
        </Button>
      </Group>

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {settings.data ? (
            <CompanyGeneralInfo company={data} settings={settings.data} />
          ) : (
            <Skeleton height={240} radius="md" />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {/* Companies' own sectors: where the company turned them on (docs/decisions.md). */}
            {data.hasSectors && me && flagOn(me, 'enableCompanyGroupSectors') && (
              <SectorsPanel companyId={data.id} />
            )}
            <CompanyContactsPanel company={data} />
          </Stack>
        </Grid.Col>
      </Grid>

      <CompanyDialog company={data} opened={editing} onClose={() => setEditing(false)} />
    </Stack>
  );
}
