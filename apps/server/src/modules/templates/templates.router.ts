import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import {
  createQuickReply,
  listManagedQuickReplies,
  quickReplies,
  removeQuickReply,
  updateQuickReply,
  ZManagedQuickReply,
  ZQuickReply,
  ZQuickReplyChange,
  ZQuickReplyInput,
  ZQuickReplyScope,
} from './templates.service';

export const templatesRouter = router({
  quickReplies: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "The composer's quick replies ('/' in the composer): the company's templates and the caller's personal ones whose title, name, subject or message contains `search` (case and accents ignored), 50 at most, by title. `kind: 'email'` answers the e-mail templates (type `email`, with their subject and HTML body) instead of the chat's.",
    })
    .input(
      z.object({
        search: z.string().trim().max(100).optional(),
        kind: z.enum(['chat', 'email']).default('chat'),
      }),
    )
    .output(z.array(ZQuickReply))
    .query(({ ctx, input }) => quickReplies(ctx.db, ctx.user, input.search, input.kind)),

  list: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Quick replies to manage: the company's (`scope: 'company'`, for those who open 'Mi Empresa') or the caller's personal ones.",
      errors: ['PERMISSION_DENIED'],
    })
    .input(z.object({ scope: ZQuickReplyScope }))
    .output(z.array(ZManagedQuickReply))
    .query(({ ctx, input }) => listManagedQuickReplies(ctx.db, ctx.user, input.scope)),

  create: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Adds a quick reply: a company one (managers of 'Mi Empresa') or a personal one (anyone, for themselves). Needs a message or files; a file of Cartera's storage must be an upload of the company found complete (else FILE_NOT_UPLOADED) and is kept by its permanent address.",
      errors: ['PERMISSION_DENIED', 'FILE_NOT_UPLOADED'],
    })
    .input(z.object({ scope: ZQuickReplyScope, values: ZQuickReplyInput }))
    .output(ZManagedQuickReply)
    .mutation(({ ctx, input }) => createQuickReply(ctx.deps, ctx.user, input.scope, input.values)),

  update: tenantProcedure
    .meta({
      area: '/contact',
      description:
        'Changes a quick reply: a company one for its managers, a personal one for its owner only. New files follow the rule of `create`.',
      errors: ['PERMISSION_DENIED', 'NOT_FOUND', 'FILE_NOT_UPLOADED'],
    })
    .input(z.object({ id: z.uuid(), values: ZQuickReplyChange }))
    .output(ZManagedQuickReply)
    .mutation(({ ctx, input }) => updateQuickReply(ctx.deps, ctx.user, input.id, input.values)),

  remove: tenantProcedure
    .meta({
      area: '/contact',
      description: 'Deletes a quick reply (the same rule as `update`).',
      errors: ['PERMISSION_DENIED', 'NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => removeQuickReply(ctx.db, ctx.user, input.id)),
});
