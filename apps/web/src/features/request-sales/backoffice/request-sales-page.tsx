import { useState } from 'react';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { useMe } from '../../auth/session';
import { PlusIcon } from '../../../ui/icons';
import { RequestSalesProvider, useRequestSales } from '../request-sales-context';
import { TemplatesTab } from '../templates/templates-tab';
import { BackofficeList } from './backoffice-list';

const texts = es.requestSalesOffice;

/**
 * /comercial/requestsale 'Solicitudes' (01 §2, §4; issue #15 items 3 and 7): the requests of the
 * back office and, for admins and commercial users, 'Plantillas', the template editor. Titled
 * with the company's own name of the screen when it has one (configs.sale.requestSaleLabel).
 */
export function RequestSalesPage() {
  const me = useMe();
  const commercial = me ? can(me.user, 'backOffice') : false;
  const manager = me ? can(me.user, 'manageRequestTemplates') : false;
  const [tab, setTab] = useState<string | null>('requests');

  return (
    <RequestSalesProvider contactId={null} enabled>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1} fz="h2">
            {me?.settings.requestSaleLabel ?? es.menu.entries.requestSale}
          </Title>
          <NewRequestButton />
        </Group>
        {manager ? (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="requests">{texts.tabs.requests}</Tabs.Tab>
              <Tabs.Tab value="templates">{texts.tabs.templates}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="requests">
              <BackofficeList commercial={commercial} />
            </Tabs.Panel>
            <Tabs.Panel value="templates">
              <TemplatesTab />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <BackofficeList commercial={false} />
        )}
      </Stack>
    </RequestSalesProvider>
  );
}

/** 'Nueva solicitud': a request for a client who is not a contact yet ('Datos del cliente'). */
function NewRequestButton() {
  const editor = useRequestSales();
  return (
    <Button leftSection={<PlusIcon size={16} />} onClick={editor?.startRequest}>
      {es.requestSales.newRequest}
    </Button>
  );
}
