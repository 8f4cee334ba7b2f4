import type { ReactNode } from 'react';
import { es } from '@cartera/domain/i18n';
import { can, guardRoute } from '@cartera/domain/policy';
import { guardUserOf, useMe } from '../auth/session';
import { CompaniesPanelEditor } from './companies-panel-editor';
import { ContactFormEditor } from './contact-form-editor';
import { CustomFieldsEditor } from './custom-fields-editor';
import { SaleConfigEditor } from './sale-config-editor';
import { ConfigPage } from './config-page';

const text = es.company;
const t = es.fieldsConfig;

/** A tab of 'Mi Empresa' with its title, its introduction and, for editors, its editors. */
function ConfigTab({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const me = useMe();
  const mayEdit = me ? can(me.user, 'configureCompany') : false;
  return (
    <ConfigPage title={title} intro={intro} refusal={!mayEdit && text.notForRole}>
      {children}
    </ConfigPage>
  );
}

/**
 * '/company/fields' 'Campos' (issue #17): the custom fields of contacts and of companies, the
 * contact form definition and the companies panel.
 */
export function FieldsConfigPage() {
  const me = useMe();
  // The companies panel is there only where companies are (the businessSalesModel flag).
  const companies = me !== null && guardRoute(guardUserOf(me), '/companies').kind === 'allow';
  return (
    <ConfigTab title={t.tabs.fields} intro={t.intro.fields}>
      <CustomFieldsEditor entity="contact" />
      <CustomFieldsEditor entity="company" />
      <ContactFormEditor />
      {companies && <CompaniesPanelEditor />}
    </ConfigTab>
  );
}

/** '/company/sales' 'Ventas' (issue #17): presales, sale templates and the sale bubble. */
export function SalesConfigPage() {
  return (
    <ConfigTab title={t.tabs.sales} intro={t.intro.sales}>
      <SaleConfigEditor />
    </ConfigTab>
  );
}
