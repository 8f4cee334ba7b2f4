import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import {
  listContacts,
  lookupVisibleContacts,
  ZContactListItem,
  ZContactSummary,
  ZListContactsInput,
  ZLookupContactsInput,
} from './contacts.service';

export const contactsRouter = router({
  /** The '/contacts' list: search, filters and keyset pages of 50. */
  list: tenantProcedure
    .meta({ area: '/contacts' })
    .input(ZListContactsInput)
    .output(
      z.object({
        items: z.array(ZContactListItem),
        nextCursor: z.object({ id: z.string() }).nullable(),
      }),
    )
    .query(({ ctx, input }) => listContacts(ctx.db, ctx.user, input)),

  /** Contacts for pickers, 15 at most, only those the user may see. */
  lookup: tenantProcedure
    .input(ZLookupContactsInput)
    .output(z.array(ZContactSummary))
    .query(({ ctx, input }) => lookupVisibleContacts(ctx.db, ctx.user, input)),
});
