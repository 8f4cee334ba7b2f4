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
import { ZId } from '@cartera/domain/ids';

/** The screen '/contact/sharedinbox': its roles, slug and flag apply to every member call. */
const memberProcedure = tenantProcedure.meta({ area: '/contact/sharedinbox' });
/**
 * Admin manages shared inboxes in the group's configuration (01 §3, /group/{id}), comercial sees
 * the whole company: both manage them, tenant-wide.
 */
const managerProcedure = roleProcedure('manageSharedInboxes');

export const sharedInboxesRouter = router({
  mine: memberProcedure
    .meta({
      description:
        "The shared inboxes ('Carteras compartidas') the caller is a member of, for the picker of '/contact/sharedinbox': name, owner and contact count.",
    })
    .output(z.array(ZSharedInbox))
    .query(({ ctx }) => myInboxes(ctx.db, ctx.user)),

  contacts: memberProcedure
    .meta({
      description:
        "The contacts of a shared inbox the caller is a member of: its owner's, most recent interaction first as in 'Conversaciones', in pages of 30 after `cursor`. For anyone but its members it does not exist.",
      errors: ['SHARED_INBOX_NOT_FOUND'],
    })
    .input(ZSharedInboxContactsInput)
    .output(ZSharedInboxPage)
    .query(({ ctx, input }) => sharedInboxContacts(ctx.db, ctx.user, input)),

  list: managerProcedure
    .meta({
      description:
        'Every shared inbox of the company with its owner, members, contact count and creation date, for admin and comercial, who manage them; needs the inbox feature.',
      errors: ['DISABLED_FEATURE'],
    })
    .output(z.array(ZManagedSharedInbox))
    .query(({ ctx }) => listSharedInboxes(ctx.db, ctx.user)),

  create: managerProcedure
    .meta({
      description:
        'Creates a shared inbox: a name, the agent whose portfolio it shows and its members, all active users of the company and the owner not among the members (else field errors of INVALID_REQUEST_BODY); needs the inbox feature.',
      errors: ['DISABLED_FEATURE'],
    })
    .input(ZSharedInboxValues)
    .output(ZManagedSharedInbox)
    .mutation(({ ctx, input }) => createSharedInbox(ctx.db, ctx.user, input)),

  update: managerProcedure
    .meta({
      description:
        "Replaces a shared inbox's name, owner and members under the rules of sharedInbox.create; answers it as it is now.",
      errors: ['DISABLED_FEATURE', 'SHARED_INBOX_NOT_FOUND'],
    })
    .input(z.object({ id: ZId, data: ZSharedInboxValues }))
    .output(ZManagedSharedInbox)
    .mutation(({ ctx, input }) => updateSharedInbox(ctx.db, ctx.user, input.id, input.data)),

  remove: managerProcedure
    .meta({
      description:
        "Deletes a shared inbox: its members no longer see the owner's portfolio through it.",
      errors: ['DISABLED_FEATURE', 'SHARED_INBOX_NOT_FOUND'],
    })
    .input(z.object({ id: ZId }))
    .output(z.object({ removed: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await removeSharedInbox(ctx.db, ctx.user, input.id);
      return { removed: true as const };
    }),
});
