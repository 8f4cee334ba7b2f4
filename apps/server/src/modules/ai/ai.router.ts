import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import { contextOrigin } from '../audit/audit.service';
import {
  aiStatus,
  companyAiLimit,
  draftReply,
  setCompanyAiLimit,
  ZAiStatus,
  ZCompanyAiLimit,
  ZDraft,
  ZDraftInput,
  ZSetCompanyAiLimit,
} from './ai.service';

/** Drafting serves the contact view ('/contact'); the limit is 'Administración' (admins). */
const conversationProcedure = tenantProcedure.meta({ area: '/contact' });
const admin = () => roleProcedure('administer').meta({ area: '/grupos' });

/** AI-drafted replies (issue #44 item 3): 'Sugerir respuesta' and the company's monthly limit. */
export const aiRouter = router({
  status: conversationProcedure
    .meta({
      description:
        "Whether 'Sugerir respuesta' is offered to the caller: the company flag `messageGeneration` is on for their group and the installation has a chat-completions endpoint (AI_BASE_URL).",
    })
    .output(ZAiStatus)
    .query(({ ctx }) => aiStatus(ctx.deps, ctx.session.user)),
  draft: conversationProcedure
    .meta({
      description:
        "A draft of the seller's next reply to a contact they may see, written by the installation's model from that contact's newest 30 messages and notes and its fields (never another contact's), whole. Nothing is sent or stored: the text is for the seller to edit and send. Counts against the company's monthly limit. GET /api/crm/contact/{id}/aitools/message streams the same draft as server-sent events.",
      errors: [
        'DISABLED_FEATURE',
        'CONTACT_NOT_FOUND',
        'AI_NOT_CONFIGURED',
        'AI_LIMIT_REACHED',
        'AI_UNAVAILABLE',
      ],
    })
    .input(ZDraftInput)
    .output(ZDraft)
    .mutation(({ ctx, input }) => draftReply(ctx.deps, ctx.session.user, input.contactId)),
  companyLimit: admin()
    .meta({
      description:
        "'Administración': the caller's company's monthly limit of AI drafts (the default when never set), the drafts asked for this calendar month (UTC), and whether the installation has an endpoint.",
    })
    .output(ZCompanyAiLimit)
    .query(({ ctx }) => companyAiLimit(ctx.deps, ctx.tenantId)),
  setCompanyLimit: admin()
    .meta({
      description:
        "'Administración': sets the caller's company's monthly limit of AI drafts (0 refuses every draft). Audited on the company's root group.",
    })
    .input(ZSetCompanyAiLimit)
    .output(ZCompanyAiLimit)
    .mutation(({ ctx, input }) =>
      setCompanyAiLimit(ctx.deps, ctx.session, input, contextOrigin(ctx)),
    ),
});
