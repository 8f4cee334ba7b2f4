import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../../features/company/overview-page';

/** '/company/overview' 'Resumen' of 'Mi Empresa' (issue #17): the company's figures and groups. */
export const Route = createFileRoute('/_app/company/overview')({
  component: OverviewPage,
});
