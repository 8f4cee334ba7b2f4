import { ProviderError, type ChannelAdapter, type InboundEvent, type LeadFields } from '../adapter';
import { messengerAdapter, graphRefusal } from '../messenger/messenger.adapter';
import { callProvider, jsonOf } from '../provider-http';

/**
 * Facebook lead ads (`leads`): a Page's `leadgen` webhook field (integrations.md §3), signed
 * and verified like Messenger (X-Hub-Signature-256 with the app secret, the GET handshake with
 * the verify token). The webhook names the lead only (`leadgen_id`, `page_id`, `form_id`,
 * `created_time`); its answers come from `GET {graph}/{leadgen_id}` with the Page token:
 * `{id, created_time, field_data: [{name, values}]}`.
 *
 * Secrets: `pageAccessToken`, `appSecret`, `verifyToken`. Config: `pageId`.
 */

interface LeadgenChange {
  field?: string;
  value?: {
    leadgen_id?: string | number;
    page_id?: string | number;
    form_id?: string | number;
    created_time?: number;
  };
}

/** The leads of a `leadgen` webhook for the channel's Page (other Pages' entries are left out). */
export function parseLeadgenEnvelope(body: unknown, pageId: string | undefined): InboundEvent[] {
  const events: InboundEvent[] = [];
  const envelope = body as { object?: string; entry?: unknown[] } | null;
  if (!envelope || envelope.object !== 'page' || !Array.isArray(envelope.entry)) return events;
  for (const entry of envelope.entry as Array<{
    id?: string | number;
    changes?: LeadgenChange[];
  }>) {
    for (const change of entry.changes ?? []) {
      if (change.field !== 'leadgen') continue;
      if (change.value?.leadgen_id === undefined) {
        // Kept as a dead letter of the webhook, never dropped in silence (issue #31).
        events.push({
          kind: 'unreadable',
          reason: 'MESSAGE_WITHOUT_ID',
          detail: `leadgen of page ${String(change.value?.page_id ?? entry.id ?? '')}`,
        });
        continue;
      }
      const page = String(change.value.page_id ?? entry.id ?? '');
      if (pageId && page && page !== pageId) continue;
      const created = Number(change.value.created_time);
      events.push({
        kind: 'lead',
        providerLeadId: String(change.value.leadgen_id),
        at: Number.isFinite(created) && created > 0 ? new Date(created * 1000) : new Date(),
        ...(change.value.form_id !== undefined ? { formId: String(change.value.form_id) } : {}),
      });
    }
  }
  return events;
}

/** The contact's data among a lead's answers (Meta's standard question names). */
export function leadFieldsOf(fieldData: unknown): LeadFields {
  const answers = (Array.isArray(fieldData) ? fieldData : [])
    .map((each: { name?: unknown; values?: unknown }) => ({
      name: typeof each?.name === 'string' ? each.name : '',
      values: Array.isArray(each?.values) ? each.values.map(String) : [],
    }))
    .filter((each) => each.name);
  const first = (test: (name: string) => boolean) =>
    answers
      .find((each) => test(each.name.toLowerCase()) && each.values[0]?.trim())
      ?.values[0]?.trim();
  const fields: LeadFields = { answers };
  const fullName = first((name) => name === 'full_name');
  const firstName = first((name) => name === 'first_name');
  const lastName = first((name) => name === 'last_name');
  if (firstName || lastName) {
    if (firstName) fields.firstName = firstName;
    if (lastName) fields.lastName = lastName;
  } else if (fullName) {
    const [head, ...rest] = fullName.split(/\s+/);
    fields.firstName = head!;
    if (rest.length) fields.lastName = rest.join(' ');
  }
  const phone = first((name) => name === 'phone_number' || name.startsWith('phone'));
  if (phone) fields.phone = phone;
  const email = first((name) => name === 'email' || name.startsWith('email'));
  if (email) fields.email = email.toLowerCase();
  return fields;
}

export const leadsAdapter: ChannelAdapter = {
  verifyWebhook: messengerAdapter.verifyWebhook,
  answerHandshake: messengerAdapter.answerHandshake!,

  parseWebhook({ channel }, request) {
    return parseLeadgenEnvelope(
      JSON.parse(request.rawBody.toString('utf8')),
      channel.config.pageId,
    );
  },

  send() {
    return Promise.reject(
      new ProviderError('SEND_MESSAGE_ERROR', false, undefined, 'a lead form sends no messages'),
    );
  },

  async fetchLead(context, leadId) {
    const response = await callProvider(
      `${context.urls.metaGraph}/${encodeURIComponent(leadId)}`,
      {
        method: 'GET',
        headers: { authorization: `Bearer ${context.secrets.pageAccessToken ?? ''}` },
      },
      'CHANNEL_ERROR',
    );
    const body = jsonOf(response);
    if (!response.ok) {
      const refused = graphRefusal(response.status, body);
      throw new ProviderError(
        'CHANNEL_ERROR',
        refused.retryable,
        refused.providerCode,
        refused.message,
      );
    }
    const created = typeof body.created_time === 'string' ? new Date(body.created_time) : null;
    return {
      fields: leadFieldsOf(body.field_data),
      at: created && !Number.isNaN(created.getTime()) ? created : new Date(),
      ...(body.form_id !== undefined ? { formId: String(body.form_id) } : {}),
    };
  },
};
