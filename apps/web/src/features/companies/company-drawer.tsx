import { Anchor, Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { useMe } from '../auth/session';
import { useCompaniesSettings } from './companies-settings';
import { CompanyContactsPanel } from './company-contacts-panel';
import { CompanyGeneralInfo } from './company-general-info';
import { SectorsPanel } from './sectors-panel';

const t = es.conversationPanels;

/**
 * The company drawer of the conversation screen (03 §2.1): the contact's business company with
 * the company page's own cards (general information, sectors, contacts with 'Agregar contactos'
 * and its side sheet 'Seleccionar Contactos'), and 'Ver empresa' to its page.
 */
export function CompanyDrawer({
  companyId,
  opened,
  onClose,
}: {
  companyId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={480}
      title={t.companyDrawerLabel}
      closeButtonProps={{ 'aria-label': t.closeDrawer }}
    >
      {opened && <CompanyDrawerBody companyId={companyId} />}
    </Drawer>
  );
}

function CompanyDrawerBody({ companyId }: { companyId: string }) {
  const trpc = useTRPC();
  const me = useMe();
  const settings = useCompaniesSettings();
  const company = useQuery(trpc.company.get.queryOptions({ id: companyId }));

  if (company.isPending || settings.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={es.app.loading}>
        <Skeleton height={28} w={240} />
        <Skeleton height={200} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  if (company.isError) return <QueryError query={company} />;
  if (settings.isError) return <QueryError query={settings} />;

  const data = company.data;
  return (
    <Stack gap="md" data-testid="company-drawer">
      <Stack gap={2}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          {settings.data.singular}
        </Text>
        <Text fz="h3" fw={700} lh={1.2} style={{ wordBreak: 'break-word' }}>
          {data.businessName}
        </Text>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link to="/companies/$companyId" params={{ companyId: data.id }} {...props} />
          )}
        >
          {t.viewCompanyPage}
        </Anchor>
      </Stack>
      <CompanyGeneralInfo company={data} settings={settings.data} columns={1} />
      {data.hasSectors && me && flagOn(me, 'enableCompanyGroupSectors') && (
        <SectorsPanel companyId={data.id} />
      )}
      <CompanyContactsPanel company={data} />
    </Stack>
  );
}
