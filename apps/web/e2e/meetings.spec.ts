import { es } from '@cartera/domain/i18n';
import {
  advanceServerClock,
  createTestContact,
  demoSandbox,
  expect,
  newSellerPage,
  retireNewSellers,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueMobile,
} from './fixtures';

/*
 * Meetings and 'Calendario' (issue #40): a seller the test makes (meetings on for them alone,
 * Google Calendar connected against the worker's fake) schedules a Meet meeting from the
 * conversation, sees 'Reunión activa' with its link; at the reminder's time (the server's test
 * clock, never a sleep) the customer gets it on the sandbox WhatsApp; after its end it is
 * 'Reunión vencida' and is marked 'Realizada'; the calendar shows it on its day and opens the
 * contact.
 */
test.afterEach(({ page }) => retireNewSellers(page));

const m = es.meetings;
const MINUTE = 60_000;

test('agenda una reunión de Meet, recuerda al cliente, vence, se marca realizada y está en el calendario', async ({
  page,
  browser,
  baseURL,
  browserErrors,
  meetings,
}) => {
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Mara',
    lastname: 'Reuniones',
    viewport: { width: 1280, height: 800 },
  });
  // 'Ajustes' › 'Reuniones': meetings for this seller alone, and their Google Calendar through
  // the consent's round trip (the worker's fake plays Google and sends them back to /settings).
  await seller.goto('/settings');
  const enable = seller.getByRole('switch', { name: m.settings.enable });
  await enable.click({ force: true });
  await expect(enable).toBeChecked();
  await seller.getByRole('button', { name: m.settings.googleConnect }).click();
  await expect(seller.getByText(m.settings.googleConnected)).toBeVisible();
  await expect(seller.getByText(new RegExp(`^${m.settings.google}: `))).toBeVisible();
  await expect(seller).toHaveURL(/\/settings$/);
  await seller.getByRole('heading', { name: m.settings.title }).scrollIntoViewIfNeeded();
  await seller.screenshot({ path: 'test-results/meetings-settings.png' });

  // The customer wrote first (the 24-hour window is open on the sandbox channel).
  const mobile = uniqueMobile();
  const phone = `+598${mobile.slice(1)}`;
  const contact = await createTestContact(seller, 'Marta', { phones: [mobile] });
  await signIn(page, 'comercial@demo.test');
  const { key } = await demoSandbox(page);
  const wrote = await page.request.post(`/api/sandbox/whatsapp/${key}/messages`, {
    data: { phone, name: 'Marta', text: 'Hola, ¿nos vemos?' },
  });
  expect(wrote.status()).toBe(201);

  // 'Mi Empresa' › 'Reuniones' as the comercial: the reminders' template and the company's Zoom
  // (the worker's fake checks the credentials); both are taken back at the end.
  const c = m.company;
  await page.goto('/company');
  const company = page.getByRole('region', { name: c.title });
  await company.getByRole('textbox', { name: c.templateName }).fill('recordatorio_reunion');
  await company.getByRole('button', { name: c.save }).click();
  await expect(page.getByText(c.saved)).toBeVisible();
  await company.getByRole('textbox', { name: c.zoomAccountId }).fill(meetings.zoom.accountId);
  await company.getByRole('textbox', { name: c.zoomClientId }).fill(meetings.zoom.clientId);
  await company.getByLabel(c.zoomClientSecret).fill(meetings.zoom.clientSecret);
  await company.getByRole('button', { name: c.zoomConnect }).click();
  await expect(company.getByText(`${c.zoomAccount}: ${meetings.zoom.accountId}`)).toBeVisible();
  await company.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/meetings-company.png' });

  await seller.goto(`/contact?id=${contact.id}`);
  await expect(seller.getByText('Hola, ¿nos vemos?')).toBeVisible();
  await seller.getByRole('button', { name: m.tab, exact: true }).click();
  const dialog = seller.getByRole('dialog', { name: m.scheduler.title });
  await dialog.getByText(m.mediums.meet, { exact: true }).click();
  // A time an hour or so ahead (the third free one today, else tomorrow's), so the server's
  // clock, which later tests of this worker share, moves as little as it can.
  const slots = dialog
    .getByTestId('meeting-step-date')
    .getByRole('button', { name: /^\d\d:\d\d$/ });
  await expect(slots.first().or(dialog.getByText(m.scheduler.noTimes))).toBeVisible();
  if ((await slots.count()) < 3) {
    await dialog.getByRole('button', { name: m.scheduler.nextDay }).click();
    await expect(slots.nth(2)).toBeVisible();
  }
  await settle(seller);
  await seller.screenshot({ path: 'test-results/meetings-step-date.png' });
  await slots.nth(2).click();

  // The confirmation: the defaults, the link made, one bad guest refused in Spanish.
  const confirm = dialog.getByTestId('meeting-step-confirm');
  await expect(confirm.getByRole('textbox', { name: m.form.summary })).toHaveValue(
    `${m.scheduler.defaultSummary} ${contact.name}`,
  );
  await expect(confirm.getByRole('link', { name: /meet\.google\.com/ })).toBeVisible();
  await confirm.getByRole('button', { name: m.form.addAttendee }).click();
  await confirm.getByRole('textbox', { name: `${m.form.attendees} 1` }).fill('no-es-correo');
  await confirm.getByRole('button', { name: m.scheduler.schedule }).click();
  await expect(confirm.getByText(m.form.attendeeEmail)).toBeVisible();
  await confirm.getByRole('button', { name: m.form.removeAttendee }).click();
  await seller.screenshot({ path: 'test-results/meetings-step-confirm.png' });
  await confirm.getByRole('button', { name: m.scheduler.schedule }).click();
  await expect(seller.getByText(m.scheduler.created)).toBeVisible();

  const bubble = seller.getByTestId('meeting');
  await expect(bubble).toHaveAttribute('data-status', 'active');
  await expect(bubble).toContainText(m.statuses.active);
  await expect(bubble.getByRole('link', { name: /meet\.google\.com/ })).toBeVisible();
  await expect(bubble.getByRole('button', { name: m.buttons.cancelMeeting })).toBeVisible();

  // Its reminder's time on the server's clock: the customer gets it on WhatsApp.
  const [meeting] = await trpcQuery<Array<{ id: string; start: string; end: string }>>(
    seller,
    'calendar.meetings',
    {
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  );
  const serverNow = async () =>
    new Date(
      (
        (await (
          await seller.request.post('/api/test/clock', { data: { advanceMs: 0 } })
        ).json()) as { now: string }
      ).now,
    ).getTime();
  const start = new Date(meeting!.start).getTime();
  await advanceServerClock(seller, start - 30 * MINUTE - (await serverNow()) + MINUTE);
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(
          `/api/sandbox/whatsapp/${key}/messages?phone=${encodeURIComponent(phone)}`,
        );
        const messages = (await answer.json()) as Array<{ text?: string }>;
        return messages.some((message) => message.text?.includes(`${m.scheduler.defaultSummary}`));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(seller.getByText(m.reminderSent)).toBeVisible();

  // After its end it expires; 'Realizada' marks it held.
  const end = new Date(meeting!.end).getTime();
  await advanceServerClock(seller, end - (await serverNow()) + MINUTE);
  await expect(bubble).toHaveAttribute('data-status', 'expired', { timeout: 20_000 });
  await expect(bubble).toContainText(m.statuses.expired);
  await bubble.getByRole('button', { name: m.buttons.done, exact: true }).click();
  await expect(bubble).toHaveAttribute('data-status', 'done');
  await expect(bubble).toContainText(m.statuses.done);

  // 'Calendario' shows it on its day; the event opens the contact.
  const day = new Date(start);
  const defaultDate = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await seller.goto(`/contact/calendar?defaultDate=${defaultDate}`);
  await expect(seller.getByRole('heading', { name: m.calendar.title })).toBeVisible();
  const event = seller.getByTestId('calendar').getByText(new RegExp(contact.name)).first();
  await expect(event).toBeVisible();
  await settle(seller);
  await seller.screenshot({ path: 'test-results/meetings-calendar.png' });
  await event.click();
  await expect(seller).toHaveURL(new RegExp(`/contact\\?id=${contact.id}`));

  // On a phone it opens on the day, the views below.
  await seller.setViewportSize({ width: 390, height: 844 });
  await seller.goto(`/contact/calendar?defaultDate=${defaultDate}`);
  await expect(seller.getByTestId('calendar').getByText(new RegExp(contact.name))).toBeVisible();
  await settle(seller);
  await seller.screenshot({ path: 'test-results/meetings-calendar-phone.png' });
  await trpcMutation(page, 'meeting.setReminderTemplate', { template: null });
  await trpcMutation(page, 'meeting.disconnectZoom', undefined);
  expect(browserErrors).toEqual([]);
});
