import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { Channel, ChannelTemplate } from '@cartera/db/schema';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_NAME_PATTERN,
  templateStatusOf,
} from '@cartera/domain/channels';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { ProviderError } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../sessions/session.types';
import { channelContext } from './channel-messages.service';
import {
  deleteTemplateRow,
  deleteTemplateRows,
  findTemplate,
  findTemplates,
  upsertTemplates,
} from './channel-templates.repository';
import { findChannel } from './channels.repository';

/**
 * A channel's templates (02 §3 Message template, 02 §4 statuses; 01 §7 /channels/{id}/templates):
 * WhatsApp's approved messages, the only ones allowed outside the 24-hour window. They live at
 * the provider: creating one submits it for review, deleting one deletes it there, and a
 * synchronisation brings the provider's list (and its review statuses) here.
 */
export const ZTemplateView = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** The provider's status (APPROVED, PENDING, REJECTED…). */
  status: z.string(),
  /** How it is shown (02 §4): 'approved' and 'preapproved' as success, 'rejected' destructive. */
  shownStatus: z.enum(['approved', 'preapproved', 'rejected']),
  body: z.string(),
  updatedAt: z.date(),
});

export const ZTemplateInput = z.object({
  channelId: z.uuid(),
  name: z.string().trim().regex(TEMPLATE_NAME_PATTERN, es.channels.templates.invalidName),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/)
    .default('es'),
  category: z.enum(TEMPLATE_CATEGORIES).default('UTILITY'),
  body: z.string().trim().min(1).max(1_024),
});

function viewOf(row: ChannelTemplate): z.infer<typeof ZTemplateView> {
  return {
    id: row.id,
    channelId: row.channelId,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    shownStatus: templateStatusOf(row.status),
    body: row.body,
    updatedAt: row.updatedAt,
  };
}

async function channelOf(db: Executor, user: AuthUser, channelId: string) {
  const channel = await findChannel(db, user.tenantId, channelId);
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  return channel;
}

/** The provider's refusal as the product's error, with the provider's words for the screen. */
async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new DomainError('CHANNEL_ERROR', { provider: error.message.slice(0, 300) });
    }
    throw error;
  }
}

function templatesAdapter(channel: Channel) {
  const adapter = adapterFor(channel.type);
  if (!adapter?.listTemplates || !adapter.createTemplate || !adapter.deleteTemplate) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { channelId: [es.channels.templates.notSupported] },
    });
  }
  return adapter as Required<
    Pick<typeof adapter, 'listTemplates' | 'createTemplate' | 'deleteTemplate'>
  >;
}

export async function listTemplates(db: Executor, user: AuthUser, channelId: string) {
  await channelOf(db, user, channelId);
  return (await findTemplates(db, user.tenantId, channelId)).map(viewOf);
}

export async function createTemplate(
  deps: AppDeps,
  user: AuthUser,
  raw: z.input<typeof ZTemplateInput>,
) {
  const input = ZTemplateInput.parse(raw);
  const channel = await channelOf(deps.db, user, input.channelId);
  const adapter = templatesAdapter(channel);
  const existing = await findTemplates(deps.db, user.tenantId, channel.id);
  if (existing.some((each) => each.name === input.name && each.language === input.language)) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { name: [es.channels.templates.nameTaken] },
    });
  }
  const created = await atProvider(() =>
    adapter.createTemplate(channelContext(deps, channel), input),
  );
  await upsertTemplates(deps.db, [
    {
      tenantId: user.tenantId,
      channelId: channel.id,
      name: input.name,
      language: input.language,
      category: input.category,
      status: created.status,
      body: input.body,
      providerTemplateId: created.providerTemplateId,
      components: [{ type: 'BODY', text: input.body }],
    },
  ]);
  const rows = await findTemplates(deps.db, user.tenantId, channel.id);
  return viewOf(rows.find((row) => row.name === input.name && row.language === input.language)!);
}

export async function removeTemplate(deps: AppDeps, user: AuthUser, id: string) {
  const template = await findTemplate(deps.db, user.tenantId, id);
  if (!template) throw new DomainError('NOT_FOUND');
  const channel = await channelOf(deps.db, user, template.channelId);
  const adapter = templatesAdapter(channel);
  await atProvider(() =>
    adapter.deleteTemplate(channelContext(deps, channel), { name: template.name }),
  );
  await deleteTemplateRow(deps.db, user.tenantId, id);
  return { id };
}

/**
 * Brings the provider's templates here: new ones are added, known ones take the provider's
 * status and text, and those the provider no longer has are removed.
 */
export async function synchronizeTemplates(deps: AppDeps, user: AuthUser, channelId: string) {
  const channel = await channelOf(deps.db, user, channelId);
  const adapter = templatesAdapter(channel);
  const remote = await atProvider(() => adapter.listTemplates(channelContext(deps, channel)));
  await deps.db.transaction(async (tx) => {
    await upsertTemplates(
      tx,
      remote.map((template) => ({
        tenantId: user.tenantId,
        channelId: channel.id,
        name: template.name,
        language: template.language,
        category: template.category,
        status: template.status,
        body: template.body,
        providerTemplateId: template.providerTemplateId,
        components: template.components,
      })),
    );
    const kept = new Set(remote.map((template) => `${template.name}/${template.language}`));
    const local = await findTemplates(tx, user.tenantId, channel.id);
    await deleteTemplateRows(
      tx,
      user.tenantId,
      local.filter((row) => !kept.has(`${row.name}/${row.language}`)).map((row) => row.id),
    );
  });
  return (await findTemplates(deps.db, user.tenantId, channel.id)).map(viewOf);
}
