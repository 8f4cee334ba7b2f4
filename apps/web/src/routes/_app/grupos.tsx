import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AdminPage } from '../../features/admin/admin-page';

/** '/grupos' 'Administración' (01 §2, admins): groups, their flags and users, the audit log. */
export const Route = createFileRoute('/_app/grupos')({
  validateSearch: z.object({
    group: z.string().optional().catch(undefined),
    tab: z.enum(['settings', 'flags', 'users', 'audit']).optional().catch(undefined),
  }),
  component: AdminPage,
});
