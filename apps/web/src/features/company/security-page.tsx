import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { useMe } from '../auth/session';
import { ExternalSystemPanel } from './external-system-panel';
import { PasswordPolicyPanel } from './password-policy-panel';
import { ConfigPage } from './config-page';
import { WebhooksPanel } from './webhooks-panel';

const text = es.security;

/**
 * '/company/security', 'Seguridad e integraciones' of 'Mi Empresa' (issue #17; 01 §7
 * securityrule and externalintegrations): the company's password policy and its external
 * contact system, for those who configure security (comercial, admins); the other roles of 'Mi Empresa' are told who
 * sets them.
 */
export function SecurityPage() {
  const me = useMe();
  const mayEdit = me ? can(me.user, 'configureSecurity') : false;
  return (
    <ConfigPage
      title={text.title}
      intro={text.intro}
      maw={900}
      refusal={!mayEdit && text.notForRole}
    >
      <PasswordPolicyPanel />
      <ExternalSystemPanel />
      <WebhooksPanel />
    </ConfigPage>
  );
}
