import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import { lookupVisibleContacts, ZContactSummary, ZLookupContactsInput } from './contacts.service';

export const contactsRouter = router({
  /** Contacts for pickers, 15 at most, only those the user may see. */
  lookup: tenantProcedure
    .input(ZLookupContactsInput)
    .output(z.array(ZContactSummary))
    .query(({ ctx, input }) => lookupVisibleContacts(ctx.db, ctx.user, input)),
});
