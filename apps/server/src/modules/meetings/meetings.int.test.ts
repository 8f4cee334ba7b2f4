import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { interactions, meetingConnections, meetings, users } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { runJob } from '../../app-jobs';
import { advanceClock, now } from '../../lib/clock';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, OTHER_SELLER, SELLER } from '../../testing/demo-users';
import { startFakeMeetings, type FakeMeetings } from '../../testing/fake-meetings';
import { expireMeetingJob, meetingReminderJob, startMeetingJob } from './meetings.jobs';

/*
 * Meetings (issue #40) against a fake of Google's OAuth and Calendar API and of Zoom's S2S OAuth
 * and Meetings API on 127.0.0.1 (testing/fake-meetings.ts): the agent's consent sealed and
 * refreshed, a Meet link made by the documented conferenceData request (pending, then read
 * again), a Zoom meeting for a user of the company's account, a provider failure keeping the
 * meeting without a link, the form's Spanish refusals storing nothing, the status buttons, and
 * the jobs at their moments (reminder to the customer through the outbox, start, expiry).
 */
const overrides: Record<string, string> = {
  JOBS_ENABLED: 'false',
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
};
let fake: FakeMeetings;
beforeAll(async () => {
  fake = await startFakeMeetings();
  Object.assign(overrides, {
    GOOGLE_CLIENT_ID: fake.google.clientId,
    GOOGLE_CLIENT_SECRET: fake.google.clientSecret,
    GOOGLE_OAUTH_BASE_URL: fake.url,
    GOOGLE_TOKEN_URL: `${fake.url}/token`,
    GOOGLE_CALENDAR_BASE_URL: fake.url,
    ZOOM_OAUTH_BASE_URL: fake.url,
    ZOOM_API_BASE_URL: fake.url,
  });
});
afterAll(async () => {
  await fake?.close();
});
const env = useDemoApp(overrides);

let contactId = '';
const HOUR = 3_600_000;

async function meetingRows() {
  return env.database.handle.db
    .select()
    .from(meetings)
    .where(eq(meetings.tenantId, env.demo.demo.id));
}

async function itemsOf(type: string) {
  return env.database.handle.db
    .select()
    .from(interactions)
    .where(and(eq(interactions.contactId, contactId), eq(interactions.type, type)))
    .orderBy(interactions.id);
}

async function jobsOf(name: string) {
  const result = await env.database.handle.db.execute(
    sql`select data, start_after from pgboss.job where name = ${name} and state = 'created'`,
  );
  return (result as unknown as { rows: Array<{ data: unknown; start_after: Date }> }).rows;
}

function schedule(values: Record<string, unknown> = {}) {
  return {
    id: newId(),
    contactId,
    summary: 'Reunión con Marta Meet',
    medium: 'meet',
    when: 'schedule',
    date: new Date(now().getTime() + 2 * HOUR).toISOString(),
    duration: '30min',
    ...values,
  };
}

beforeAll(async () => {
  // Meetings on for the company (the group's switch).
  const saved = await env.call(COMERCIAL, 'catalog.saveCrmConfig', { enableMeetings: true });
  expect(saved.error).toBeUndefined();
  // A WhatsApp channel for the reminders (the demo's 'Canal de prueba' kind).
  const channel = await env.call(COMERCIAL, 'channel.create', {
    type: 'whatsapp_business',
    name: 'Prueba reuniones',
    sandbox: true,
  });
  expect(channel.status).toBe(200);
  const created = await env.call(SELLER, 'contact.create', {
    firstName: 'Marta',
    lastName: 'Meet',
    phones: [{ phone: '099777101', extensionNumber: '' }],
    origin: null,
  });
  expect(created.error).toBeUndefined();
  contactId = created.data!.id;
});

describe('Google Calendar per agent', () => {
  it("the seller's consent is exchanged, sealed, and offers meet", async () => {
    const before = await env.call(SELLER, 'meeting.integrations', {});
    expect(before.data).toEqual({ meet: false, zoom: false, person: true });

    const asked = await env.call(SELLER, 'meeting.googleAuthUrl');
    const url = new URL(asked.data!.url!);
    expect(url.origin + url.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('scope')).toContain('calendar.events');
    const state = url.searchParams.get('state')!;
    const code = fake.issueCode('vendedor.google@gmail.test');

    // Another user cannot complete the seller's consent.
    const foreign = await env.call(OTHER_SELLER, 'meeting.connectGoogle', { code, state });
    expect(foreign.error?.data.domainCode).toBe('MEETING_AUTH_FAILED');

    const connected = await env.call(SELLER, 'meeting.connectGoogle', { code, state });
    expect(connected.error).toBeUndefined();
    expect(connected.data!.google).toMatchObject({ account: 'vendedor.google@gmail.test' });
    const [stored] = await env.database.handle.db
      .select()
      .from(meetingConnections)
      .where(eq(meetingConnections.provider, 'google'));
    // Sealed: no token readable in the row.
    expect(stored!.secrets).toMatch(/^v1\./);
    expect(stored!.secrets).not.toContain('ya29.');
    expect((await env.call(SELLER, 'meeting.integrations', {})).data).toMatchObject({ meet: true });
  });

  it('makes the Meet link by the documented conferenceData request, reading a pending event again', async () => {
    fake.pendingFirst = true;
    const input = schedule();
    const created = await env.call(SELLER, 'meeting.create', input);
    fake.pendingFirst = false;
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({ status: 'active', linkError: null });
    expect(created.data!.link).toMatch(
      /^https:\/\/meet\.google\.com\/[a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{3}$/,
    );

    const insert = fake.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/events'),
    )!;
    expect(insert.query).toEqual({ conferenceDataVersion: '1' });
    expect(insert.authorization).toMatch(/^Bearer ya29\./);
    expect(insert.body).toMatchObject({
      summary: 'Reunión con Marta Meet',
      conferenceData: { createRequest: { conferenceSolutionKey: { type: 'hangoutsMeet' } } },
    });
    expect(
      fake.requests.some(
        (request) => request.method === 'GET' && /\/events\/\w+$/.test(request.path),
      ),
    ).toBe(true);

    // The timeline item and the jobs at their moments: the reminder 30 minutes before.
    const [item] = await itemsOf('meeting');
    expect(item).toMatchObject({ id: input.id, status: 'active' });
    expect(item!.content).toMatchObject({
      meetingType: 'meet',
      status: 'active',
      link: created.data!.link,
      reminders: [{ number: 30, unit: 'minutes', state: 'pending' }],
    });
    const reminders = await jobsOf(meetingReminderJob.name);
    expect(reminders).toHaveLength(1);
    expect(new Date(reminders[0]!.start_after).getTime()).toBe(
      new Date(input.date).getTime() - 30 * 60_000,
    );
    expect(await jobsOf(startMeetingJob.name)).toHaveLength(1);
    expect(await jobsOf(expireMeetingJob.name)).toHaveLength(1);

    // A retry of the same id makes nothing more.
    const again = await env.call(SELLER, 'meeting.create', input);
    expect(again.data!.link).toBe(created.data!.link);
    expect(await itemsOf('meeting')).toHaveLength(1);
  });

  it('refreshes an ended access token from the refresh token and seals the new one', async () => {
    const [before] = await env.database.handle.db
      .select()
      .from(meetingConnections)
      .where(eq(meetingConnections.provider, 'google'));
    fake.expireTokens();
    // Make the stored token look ended, as an hour later.
    const { openSecret, sealSecret } = await import('../../lib/secret-box');
    const tokens = JSON.parse(openSecret(before!.secrets)) as Record<string, unknown>;
    await env.database.handle.db
      .update(meetingConnections)
      .set({ secrets: sealSecret(JSON.stringify({ ...tokens, expiresAt: Date.now() - 1 })) })
      .where(eq(meetingConnections.id, before!.id));
    const made = await env.call(SELLER, 'meeting.createLink', {
      summary: 'Demo',
      medium: 'meet',
      startDate: new Date(now().getTime() + 3 * HOUR).toISOString(),
    });
    expect(made.error).toBeUndefined();
    expect(made.data!.link).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(
      fake.requests.filter(
        (request) =>
          request.path === '/token' &&
          (request.body as Record<string, string>).grant_type === 'refresh_token',
      ),
    ).toHaveLength(1);
    const [after] = await env.database.handle.db
      .select()
      .from(meetingConnections)
      .where(eq(meetingConnections.id, before!.id));
    const refreshed = JSON.parse(openSecret(after!.secrets)) as { accessToken: string };
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
  });

  it("keeps the meeting without a link when Google fails ('Error al crear el enlace de la reunión')", async () => {
    fake.failNext('google');
    const created = await env.call(SELLER, 'meeting.create', schedule({ summary: 'Fallida' }));
    expect(created.data).toMatchObject({
      status: 'error',
      link: null,
      linkError: 'MEETING_LINK_FAILED',
    });
    const row = (await meetingRows()).find((meeting) => meeting.summary === 'Fallida');
    expect(row).toMatchObject({ status: 'error', link: null });
    expect(es.meetings.scheduler.linkError).toBe('Error al crear el enlace de la reunión');

    // POST /calendar/meetingLink answers the provider's failure.
    fake.failNext('google');
    const link = await env.rest(SELLER, 'POST', '/api/calendar/meetingLink', {
      summary: 'Demo',
      medium: 'meet',
      startDate: new Date(now().getTime() + HOUR).toISOString(),
    });
    expect(link.status).toBe(502);
    expect(link.body).toMatchObject({ code: 'MEETING_LINK_FAILED' });
  });

  it("free/busy and the agent's meetings leave their times out of the availability", async () => {
    const start = new Date(Math.ceil((now().getTime() + 24 * HOUR) / HOUR) * HOUR);
    fake.setBusy('vendedor.google@gmail.test', [
      { start: start.toISOString(), end: new Date(start.getTime() + HOUR).toISOString() },
    ]);
    const answer = await env.call(SELLER, 'meeting.availability', {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3 * HOUR).toISOString(),
    });
    const times = Object.values(answer.data!.result).flat();
    expect(times).toEqual([
      new Date(start.getTime() + HOUR).toISOString(),
      new Date(start.getTime() + 1.5 * HOUR).toISOString(),
      new Date(start.getTime() + 2 * HOUR).toISOString(),
      new Date(start.getTime() + 2.5 * HOUR).toISOString(),
    ]);
  });
});

describe('Zoom per company', () => {
  it('connects the S2S app, offers zoom to a user of the account and makes the meeting', async () => {
    const refused = await env.call(COMERCIAL, 'meeting.connectZoom', {
      accountId: fake.zoom.accountId,
      clientId: fake.zoom.clientId,
      clientSecret: 'otro',
    });
    expect(refused.error?.data.domainCode).toBe('MEETING_AUTH_FAILED');
    const connected = await env.call(COMERCIAL, 'meeting.connectZoom', fake.zoom);
    expect(connected.data!.zoom).toEqual({ connected: true, account: fake.zoom.accountId });

    expect((await env.call(SELLER, 'meeting.integrations', {})).data!.zoom).toBe(false);
    fake.zoomUsers.add(SELLER);
    const integrations = await env.rest(SELLER, 'GET', '/api/calendar/meetings/integrations');
    expect(integrations.body).toEqual({ meet: true, zoom: true, person: true });

    const created = await env.call(
      SELLER,
      'meeting.create',
      schedule({ medium: 'zoom', summary: 'Zoom con Marta', timezone: 'America/Montevideo' }),
    );
    expect(created.data).toMatchObject({ status: 'active' });
    expect(created.data!.link).toMatch(/^https:\/\/zoom\.us\/j\/\d+\?pwd=/);
    const token = fake.requests.find((request) => request.path === '/oauth/token')!;
    expect(token.query).toMatchObject({
      grant_type: 'account_credentials',
      account_id: fake.zoom.accountId,
    });
    expect(fake.zoomMeetings.at(-1)).toMatchObject({
      topic: 'Zoom con Marta',
      type: 2,
      duration: 30,
      timezone: 'America/Montevideo',
      host_email: SELLER,
    });

    fake.failNext('zoom');
    const failed = await env.call(SELLER, 'meeting.create', schedule({ medium: 'zoom' }));
    expect(failed.data).toMatchObject({ status: 'error', linkError: 'MEETING_LINK_FAILED' });
  });
});

describe('the form and the statuses', () => {
  it("refuses bad values with the spec's Spanish texts and stores nothing", async () => {
    const before = (await meetingRows()).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ summary: '  ' }, 'summary', 'El asunto de la reunión es requerido'],
      [{ medium: undefined }, 'medium', 'Tipo de reunión requerido'],
      [{ date: undefined }, 'date', 'Fecha requerida'],
      [
        { date: new Date(now().getTime() - HOUR).toISOString() },
        'date',
        'La fecha seleccionada tiene que ser superior a la actual',
      ],
      [{ comment: 'x'.repeat(2_501) }, 'comment', es.meetings.form.commentMax],
      [
        { attendees: [{ role: 'guest', email: 'no-es-correo' }] },
        'attendees.0.email',
        es.meetings.form.attendeeEmail,
      ],
    ];
    for (const [values, field, message] of cases) {
      const answer = await env.call(SELLER, 'meeting.create', schedule(values));
      expect(answer.error?.data.domainCode, field).toBe('INVALID_REQUEST_BODY');
      expect(JSON.stringify(answer.error?.data), field).toContain(message);
      expect(JSON.stringify(answer.error?.data), field).toContain(field);
    }
    expect(await meetingRows()).toHaveLength(before);
  });

  it('the buttons change the status as 02 §4 allows', async () => {
    const input = schedule({ medium: 'person', summary: 'En persona' });
    const created = await env.call(SELLER, 'meeting.create', input);
    expect(created.data).toMatchObject({ status: 'active', link: null });
    // active offers only 'Cancelar reunión'.
    const done = await env.call(SELLER, 'meeting.setStatus', {
      contactId,
      id: input.id,
      status: 'done',
    });
    expect(done.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    const cancelled = await env.call(SELLER, 'meeting.setStatus', {
      contactId,
      id: input.id,
      status: 'cancel',
    });
    expect(cancelled.data).toEqual({ id: input.id, content: { status: 'cancel' } });
    expect((await env.interactionById(input.id))?.status).toBe('cancel');
    // Someone who cannot see the contact gets nothing.
    const foreign = await env.call(OTHER_SELLER, 'meeting.setStatus', {
      contactId,
      id: input.id,
      status: 'done',
    });
    expect(foreign.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('needs meetings on for the user or the group', async () => {
    await env.call(COMERCIAL, 'catalog.saveCrmConfig', { enableMeetings: false });
    const off = await env.call(SELLER, 'meeting.create', schedule({ medium: 'person' }));
    expect(off.error?.data.domainCode).toBe('DISABLED_FEATURE');
    await env.call(SELLER, 'meeting.setEnabled', { enabled: true });
    expect((await env.call(SELLER, 'interaction.activitySettings')).data!.meetingsEnabled).toBe(
      true,
    );
    const own = await env.call(SELLER, 'meeting.create', schedule({ medium: 'person' }));
    expect(own.error).toBeUndefined();
    await env.call(SELLER, 'meeting.setEnabled', { enabled: null });
    await env.call(COMERCIAL, 'catalog.saveCrmConfig', { enableMeetings: true });
  });
});

describe('the jobs at their moments', () => {
  it('reminds the customer over WhatsApp (a template outside the 24 hours), starts and expires', async () => {
    const input = schedule({ medium: 'person', summary: 'Con recordatorio' });
    await env.call(SELLER, 'meeting.create', input);
    const job = { tenantId: env.demo.demo.id, meetingId: input.id };

    // Early: nothing yet.
    await runJob(meetingReminderJob, { ...job, index: 0 }, env.app.deps);
    expect((await itemsOf('meeting-reminder')).length).toBe(0);

    // At its time, outside the 24-hour window and without a template: failed, and said so.
    advanceClock(90 * 60_000);
    await runJob(meetingReminderJob, { ...job, index: 0 }, env.app.deps);
    const [failed] = await itemsOf('meeting-reminder');
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.content).toMatchObject({
      meetingId: input.id,
      delivery: 'failed',
      reason: 'WHATSAPP_WINDOW_CLOSED',
    });

    // With the meeting settings' approved template, a second meeting's reminder goes as it.
    const chosen = await env.call(COMERCIAL, 'meeting.setReminderTemplate', {
      template: { name: 'recordatorio_reunion', language: 'es' },
    });
    expect(chosen.data!.reminderTemplate).toEqual({ name: 'recordatorio_reunion', language: 'es' });
    expect((await env.call(SELLER, 'meeting.companySettings')).error?.data.domainCode).toBe(
      'PERMISSION_DENIED',
    );
    const second = schedule({ medium: 'person', summary: 'Con plantilla' });
    await env.call(SELLER, 'meeting.create', second);
    advanceClock(90 * 60_000);
    await runJob(
      meetingReminderJob,
      { tenantId: env.demo.demo.id, meetingId: second.id, index: 0 },
      env.app.deps,
    );
    const sent = (await itemsOf('meeting-reminder')).at(-1)!;
    expect(sent).toMatchObject({ status: 'sent' });
    const [message] = await itemsOf('channelMessage');
    expect(message).toMatchObject({ status: 'sending' });
    expect(message!.content).toMatchObject({
      template: { name: 'recordatorio_reunion', language: 'es' },
    });
    // Run again (a retry): sent once.
    await runJob(
      meetingReminderJob,
      { tenantId: env.demo.demo.id, meetingId: second.id, index: 0 },
      env.app.deps,
    );
    expect(await itemsOf('channelMessage')).toHaveLength(1);

    // Its start and its end.
    advanceClock(60 * 60_000);
    await runJob(
      startMeetingJob,
      { tenantId: env.demo.demo.id, meetingId: second.id },
      env.app.deps,
    );
    expect((await env.interactionById(second.id))?.status).toBe('inProgress');
    await runJob(
      expireMeetingJob,
      { tenantId: env.demo.demo.id, meetingId: second.id },
      env.app.deps,
    );
    expect((await env.interactionById(second.id))?.status).toBe('expired');
    const [expired] = await itemsOf('expired-meeting');
    expect(expired!.content).toMatchObject({ meetingId: second.id, summary: 'Con plantilla' });
    const done = await env.call(SELLER, 'meeting.setStatus', {
      contactId,
      id: second.id,
      status: 'done',
    });
    expect(done.data!.content.status).toBe('done');
  });

  it('the calendar lists the meetings and reminders in reach', async () => {
    const from = new Date(now().getTime() - 10 * 86_400_000);
    const to = new Date(now().getTime() + 10 * 86_400_000);
    const own = await env.rest<Array<{ kind: string; contactId: string }>>(
      SELLER,
      'GET',
      `/api/calendar/events?from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.filter((event) => event.kind === 'meeting').length).toBeGreaterThan(3);
    expect(
      own.body.every((event) => event.kind !== 'meeting' || event.contactId === contactId),
    ).toBe(true);
    const other = await env.call(OTHER_SELLER, 'calendar.meetings', {
      from: from.toISOString(),
      to: to.toISOString(),
    });
    expect(other.data).toEqual([]);
    const refused = await env.call(OTHER_SELLER, 'calendar.meetings', {
      from: from.toISOString(),
      to: to.toISOString(),
      userId: (
        await env.database.handle.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, SELLER))
      )[0]!.id,
    });
    expect(refused.error?.data.domainCode).toBe('NOT_FOUND');
  });
});
