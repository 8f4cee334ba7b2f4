import { es } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import { useMe } from '../auth/session';
import { SharedInboxesManager } from '../shared-inboxes/shared-inboxes-manager';
import { ConfigPage } from './config-page';

const text = es.company.sharedInboxes;

/**
 * '/company/sharedinboxes', 'Carteras compartidas' of 'Mi Empresa' (issue #17; 01 §3 places
 * their management in the group's configuration): the company's shared inboxes, created,
 * edited and deleted by those who manage them (admin and comercial). Needs the inbox feature.
 */
export function CompanySharedInboxesPage() {
  const me = useMe();
  return (
    <ConfigPage
      title={es.company.tabs.sharedInboxes}
      intro={text.intro}
      maw={960}
      refusal={me && !flagOn(me, 'inbox') && text.disabled}
    >
      <SharedInboxesManager />
    </ConfigPage>
  );
}
