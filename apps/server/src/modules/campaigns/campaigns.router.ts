import { z } from 'zod';
import {
  RECIPIENT_STATES,
  ZCampaignInput,
  ZCampaignParameter,
  ZCampaignSegment,
} from '@cartera/domain/campaigns';
import { router, tenantProcedure } from '../../trpc/init';
import {
  campaignRecipients,
  campaignStatistics,
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  pauseCampaign,
  previewSegment,
  resumeCampaign,
  startCampaign,
  updateCampaign,
  ZCampaign,
  ZCampaignStatistics,
  ZRecipientRow,
  ZSegmentPreview,
} from './campaigns.service';

/**
 * 'Campañas' (/campaigns, slug campaigns with the company's `campaigns` flag; issue #42 item 2):
 * the company's campaigns, their segments' previews, starting, pausing, resuming and cancelling
 * them, and their figures.
 */
const campaignProcedure = tenantProcedure.meta({ area: '/campaigns' });
const ZId = z.object({ id: z.uuid() });
const ZPreviewInput = z.object({
  segment: ZCampaignSegment,
  parameters: z.array(ZCampaignParameter).max(20).optional(),
});

export const campaignsRouter = router({
  list: campaignProcedure
    .meta({ description: "The company's campaigns, newest first (200 at most)." })
    .output(z.array(ZCampaign))
    .query(({ ctx }) => listCampaigns(ctx.db, ctx.user)),

  get: campaignProcedure
    .meta({
      description: "One campaign; CAMPAIGN_NOT_FOUND when it is not the company's.",
      errors: ['CAMPAIGN_NOT_FOUND'],
    })
    .input(ZId)
    .output(ZCampaign)
    .query(({ ctx, input }) => getCampaign(ctx.db, ctx.user, input.id)),

  create: campaignProcedure
    .meta({
      description:
        "Writes a draft campaign: a WhatsApp channel of the company that sends templates, one of its approved templates with a source for each of its placeholders (a contact field, a custom field or a fixed text), the segment, an optional date, the daily window (hours on the company's clock, 09–20 by default), the rate (1–80 a second) and an opt-out word besides 'BAJA' and 'STOP'.",
      errors: ['INVALID_REQUEST_BODY'],
    })
    .input(ZCampaignInput)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => createCampaign(ctx.db, ctx.user, input)),

  update: campaignProcedure
    .meta({
      description:
        "Replaces a draft campaign's values (the same rules as create); CAMPAIGN_NOT_EDITABLE once it started.",
      errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_EDITABLE', 'INVALID_REQUEST_BODY'],
    })
    .input(z.object({ id: z.uuid(), values: ZCampaignInput }))
    .output(ZCampaign)
    .mutation(({ ctx, input }) => updateCampaign(ctx.db, ctx.user, input.id, input.values)),

  preview: campaignProcedure
    .meta({
      description:
        "How many contacts a segment holds and five of them, with the template's values each would get (and those missing, for which the contact would be skipped).",
    })
    .input(ZPreviewInput)
    .output(ZSegmentPreview)
    .query(({ ctx, input }) => previewSegment(ctx.db, ctx.user, input)),

  start: campaignProcedure
    .meta({
      description:
        'Starts a draft: now, or at its date. Its contacts are written when sending begins (opted out, without a phone or without a value are skipped).',
      errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_EDITABLE'],
    })
    .input(ZId)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => startCampaign(ctx.deps, ctx.user, input.id)),

  pause: campaignProcedure
    .meta({
      description: 'Pauses a sending or scheduled campaign; what is in flight finishes.',
      errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_EDITABLE'],
    })
    .input(ZId)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => pauseCampaign(ctx.deps, ctx.user, input.id)),

  resume: campaignProcedure
    .meta({
      description: 'Resumes a paused campaign where it stopped.',
      errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_EDITABLE'],
    })
    .input(ZId)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => resumeCampaign(ctx.deps, ctx.user, input.id)),

  cancel: campaignProcedure
    .meta({
      description: 'Stops a campaign for good; what was not sent stays unsent.',
      errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_EDITABLE'],
    })
    .input(ZId)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => cancelCampaign(ctx.deps, ctx.user, input.id)),

  statistics: campaignProcedure
    .meta({
      description:
        "A campaign's figures: its contacts by state (pending, skipped, sending, sent, failed, unknown: in flight when a server died, never sent again), the reasons, and of those sent how many were delivered, read, answered and opted out by answering.",
      errors: ['CAMPAIGN_NOT_FOUND'],
    })
    .input(ZId)
    .output(ZCampaignStatistics)
    .query(({ ctx, input }) => campaignStatistics(ctx.db, ctx.user, input.id)),

  recipients: campaignProcedure
    .meta({
      description:
        "A campaign's contacts with their state and reason (500 at most), optionally of one state.",
      errors: ['CAMPAIGN_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid(), state: z.enum(RECIPIENT_STATES).optional() }))
    .output(z.array(ZRecipientRow))
    .query(({ ctx, input }) => campaignRecipients(ctx.db, ctx.user, input)),
});
