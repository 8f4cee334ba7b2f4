import { createFileRoute } from '@tanstack/react-router';
import { CompanySharedInboxesPage } from '../../../features/company/shared-inboxes-page';

/**
 * '/company/sharedinboxes' 'Carteras compartidas' of 'Mi Empresa' (issue #17): the management
 * of the company's shared inboxes, once 'Gestionar' of '/contact/sharedinbox'.
 */
export const Route = createFileRoute('/_app/company/sharedinboxes')({
  component: CompanySharedInboxesPage,
});
