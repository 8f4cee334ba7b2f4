import { Alert, Stack, Text, Title } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import { useMe } from '../auth/session';
import { SharedInboxesManager } from '../shared-inboxes/shared-inboxes-manager';

const text = es.company.sharedInboxes;

/**
 * '/company/sharedinboxes', 'Carteras compartidas' of 'Mi Empresa' (issue #17; 01 §3 places
 * their management in the group's configuration): the company's shared inboxes, created,
 * edited and deleted by those who manage them (admin and comercial). Needs the inbox feature.
 */
export function CompanySharedInboxesPage() {
  const me = useMe();
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} fz="h2">
          {es.company.tabs.sharedInboxes}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {text.intro}
        </Text>
      </div>
      {me && !flagOn(me, 'inbox') ? (
        <Alert variant="light" maw={640}>
          {text.disabled}
        </Alert>
      ) : (
        <SharedInboxesManager />
      )}
    </Stack>
  );
}
