import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/company/security-page';

/**
 * '/company/security' 'Seguridad e integraciones' of 'Mi Empresa' (issue #17): the company's
 * password policy and external contact system.
 */
export const Route = createFileRoute('/_app/company/security')({
  component: SecurityPage,
});
