import { z } from 'zod';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  createSharedInbox,
  listSharedInboxes,
  myInboxes,
  removeSharedInbox,
  sharedInboxContacts,
  updateSharedInbox,
  ZManagedSharedInbox,
  ZSharedInbox,
  ZSharedInboxContactsInput,
  ZSharedInboxPage,
  ZSharedInboxValues,
} from './shared-inboxes.service';

/** The screen '/contact/sharedinbox': its roles, slug and flag apply to every member call. */
const memberProcedure = tenantProcedure.meta({ area: '/contact/sharedinbox' });
/**
 * Admin manages shared inboxes in the group's configuration (01 §3, /group/{id}), comercial sees
 * the whole company: both manage them, tenant-wide.
 */
const managerProcedure = roleProcedure('admin', 'comercial');
const ZId = z.string().uuid();

export const sharedInboxesRouter = router({
  mine: memberProcedure
    .output(z.array(ZSharedInbox))
    .query(({ ctx }) => myInboxes(ctx.db, ctx.user)),

  contacts: memberProcedure
    .input(ZSharedInboxContactsInput)
    .output(ZSharedInboxPage)
    .query(({ ctx, input }) => sharedInboxContacts(ctx.db, ctx.user, input)),

  list: managerProcedure
    .output(z.array(ZManagedSharedInbox))
    .query(({ ctx }) => listSharedInboxes(ctx.db, ctx.user)),

  create: managerProcedure
    .input(ZSharedInboxValues)
    .output(ZManagedSharedInbox)
    .mutation(({ ctx, input }) => createSharedInbox(ctx.db, ctx.user, input)),

  update: managerProcedure
    .input(z.object({ id: ZId, data: ZSharedInboxValues }))
    .output(ZManagedSharedInbox)
    .mutation(({ ctx, input }) => updateSharedInbox(ctx.db, ctx.user, input.id, input.data)),

  remove: managerProcedure
    .input(z.object({ id: ZId }))
    .output(z.object({ removed: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await removeSharedInbox(ctx.db, ctx.user, input.id);
      return { removed: true as const };
    }),
});
