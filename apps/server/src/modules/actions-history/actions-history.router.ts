import { ZActionsHistoryInput, ZActionsHistoryPage } from '@cartera/domain/actions-history';
import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import { findReachedPeople } from '../access/users';
import { listActionsHistory } from './actions-history.service';

export const actionsHistoryRouter = router({
  list: tenantProcedure
    .meta({
      area: '/actionsHistory',
      description:
        "'Historial de acciones': what the users the caller reaches did (timeline actions on contacts, sessions, administrative changes), newest first, 50 per page with a keyset `cursor` (the last entry's id). Filters: `userId`, `groupId` (with its subgroups), `kind`, `from` and `to` (moments; `to` excluded). Contact names only for contacts the caller may see; free text people wrote is never included.",
      errors: ['PERMISSION_DENIED'],
    })
    .input(ZActionsHistoryInput)
    .output(ZActionsHistoryPage)
    .query(({ ctx, input }) => listActionsHistory(ctx.db, ctx.user, input)),
  options: tenantProcedure
    .meta({
      area: '/actionsHistory',
      description:
        "The history's pickers: the users (deactivated ones too) and groups the caller reaches, by name.",
    })
    .output(
      z.object({
        users: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            lastname: z.string(),
            groupName: z.string(),
            active: z.boolean(),
          }),
        ),
        groups: z.array(z.object({ id: z.string(), name: z.string() })),
      }),
    )
    .query(({ ctx }) => findReachedPeople(ctx.db, ctx.user)),
});
