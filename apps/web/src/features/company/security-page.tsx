import { Alert } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { useMe } from '../auth/session';
import { ExternalSystemPanel } from './external-system-panel';
import { PasswordPolicyPanel } from './password-policy-panel';
import { ConfigPage } from './config-page';
import { WebhooksPanel } from './webhooks-panel';
import { BlockedNumbersPanel, PhoneProviderPanel } from '../phone/phone-company-panels';

const text = es.security;

/**
 * '/company/security', 'Seguridad e integraciones' of 'Mi Empresa' (issue #17; 01 §7
 * securityrule and externalintegrations): the company's password policy and its external
 * contact system, for those who configure security (comercial, admins); the other roles of 'Mi Empresa' are told who
 * sets them. Its outbound webhooks are for those who configure the company (issue #36).
 */
export function SecurityPage() {
  const me = useMe();
  const mayEdit = me ? can(me.user, 'configureSecurity') : false;
  // Webhooks are the company's configuration (issue #36): a project manager manages them too.
  const mayHook = me ? can(me.user, 'configureCompany') : false;
  return (
    <ConfigPage
      title={text.title}
      intro={text.intro}
      maw={900}
      refusal={!mayEdit && !mayHook && text.notForRole}
    >
      {mayEdit ? (
        <>
          <PasswordPolicyPanel />
          <ExternalSystemPanel />
          <PhoneProviderPanel />
          <BlockedNumbersPanel />
        </>
      ) : (
        <Alert variant="light" maw={640}>
          {text.notForRole}
        </Alert>
      )}
      {mayHook && <WebhooksPanel />}
    </ConfigPage>
  );
}
