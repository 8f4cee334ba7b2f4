import { newId } from '@cartera/domain/ids';
import { test as base, expect, type Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';

/**
 * Every test collects what the browser reports as broken: console errors (a CSP violation is
 * one) and uncaught page errors. Tests assert the list is empty, or `unexpectedErrors(...)` when
 * the test itself provokes an error answer from the server (a wrong password, say).
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    await use(errors);
  },
});

export { expect };

/** The errors left once the browser's own notes about the given HTTP statuses are removed. */
export function unexpectedErrors(errors: string[], allowedStatuses: number[]): string[] {
  return errors.filter(
    (error) =>
      !allowedStatuses.some((status) =>
        error.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );
}

/** Password of every demo user (apps/server seed). */
export const DEMO_PASSWORD = 'Demo1234';

/** Signs the page's browser context in through the REST login (no form, no screen). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok(), `login ${email}: ${response.status()}`).toBe(true);
}

/** The signed-in shell is on screen for the given user (its user menu names them). */
export async function expectShellFor(page: Page, fullName: string) {
  await expect(
    page.getByRole('button', { name: `${es.shell.userMenu}: ${fullName}`, exact: true }),
  ).toBeAttached();
}

type MeUser = Record<string, unknown>;

/**
 * Rewrites the user in every `auth.me` answer with `patch()` (when it returns something), to
 * show screens the demo data does not reach on its own (a presentation not yet seen, say).
 */
export async function patchMe(page: Page, patch: () => MeUser | undefined) {
  await page.route(/\/api\/trpc\/auth\.me\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Array<{
      result?: { data?: { json?: { user?: MeUser } } };
    }>;
    const data = body[0]?.result?.data?.json;
    const changes = patch();
    if (data?.user && changes) data.user = { ...data.user, ...changes };
    await route.fulfill({ response, json: body });
  });
}

/** The next call of a procedure answers a server error (the one after it goes through). */
export async function failOnce(page: Page, path: string) {
  await page.route(
    `**/api/trpc/${path}?*`,
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { json: { message: 'Error', code: -32603, data: { httpStatus: 500 } } } },
        ]),
      }),
    { times: 1 },
  );
}

/** Waits for running CSS transitions and animations (menus, dialogs) to end: before a screenshot. */
export async function settle(page: Page) {
  // An animation cancelled meanwhile (an element removed, a state changed) is settled too.
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** A tRPC query over HTTP with the page's session (superjson envelope), for test setup. */
export async function trpcQuery<T = unknown>(page: Page, path: string, input: unknown): Promise<T> {
  const query = encodeURIComponent(JSON.stringify({ json: input }));
  const response = await page.request.get(`/api/trpc/${path}?input=${query}`);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/** A tRPC mutation over HTTP with the page's session, for test setup and clean-up. */
export async function trpcMutation<T = unknown>(
  page: Page,
  path: string,
  input: unknown,
): Promise<T> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/**
 * A contact made through the API as the signed-in user (test setup), with a unique last name and
 * mobile unless given; its id and full name.
 */
export async function createTestContact(
  page: Page,
  firstName: string,
  options: { lastName?: string; phones?: string[] } = {},
): Promise<{ id: string; name: string }> {
  const lastName = options.lastName ?? uniqueLetters();
  const phones = options.phones ?? [uniqueMobile()];
  const { id } = await trpcMutation<{ id: string }>(page, 'contact.create', {
    firstName,
    lastName,
    phones: phones.map((phone) => ({ phone, extensionNumber: '' })),
  });
  return { id, name: `${firstName} ${lastName}` };
}

let uniqueCounter = 0;

/** Lower-case letters unique to this run and call: a name that searches find nowhere else. */
export function uniqueLetters(): string {
  uniqueCounter += 1;
  return (Date.now() * 100 + uniqueCounter)
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('')
    .slice(-7);
}

/** A valid Uruguayan mobile (09[1-9] + 6 digits) unique to this run and call. */
export function uniqueMobile(): string {
  uniqueCounter += 1;
  const stamp = (Date.now() * 3 + uniqueCounter * 7919 + 4_321) % 9_000_000;
  const digits = String(stamp).padStart(7, '0');
  return `09${1 + (Number(digits[0]) % 9)}${digits.slice(1)}`;
}

/** A UUIDv7 as the app makes for a timeline item (the one generator of packages/domain). */
export function clientId(): string {
  return newId();
}
