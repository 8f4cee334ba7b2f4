import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  expect,
  settle,
  signIn,
  test,
  trpcMutation,
  uniqueLetters,
} from './fixtures';

/**
 * Issue #33 item 6: every seller screen works one-handed on a phone. Each screen is loaded once
 * on a 390×844 phone, checked, resized to 360×740 and checked again (no second load). A screen
 * fits when the document is no wider than the device (`scrollWidth`, not `innerWidth`, which a
 * too-wide mobile page widens with it) and no visible button, link, tab or field crosses an edge
 * of the screen.
 */

const PHONES = [
  { name: '390', width: 390, height: 844 },
  { name: '360', width: 360, height: 740 },
] as const;
const [LARGE, SMALL] = PHONES;

test.use({
  viewport: { width: LARGE.width, height: LARGE.height },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
});

const INTERACTIVE = [
  'button',
  'a[href]',
  'input:not([type=hidden])',
  'textarea',
  'select',
  '[role=button]',
  '[role=link]',
  '[role=tab]',
  '[role=menuitem]',
  '[role=combobox]',
  '[role=checkbox]',
  '[role=switch]',
].join(',');

/** What crosses the screen's edges: the document's width and each cut interactive element. */
async function overflowOf(page: Page, width: number) {
  return page.evaluate(
    ({ selector, width }) => {
      const cut: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (element.closest('[aria-hidden=true], [inert]')) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.opacity === '0') continue;
        // Wholly off the screen (a closed drawer) is hidden, not cut; partly on it is cut.
        const onScreen = box.right > 0 && box.left < width;
        if (onScreen && (box.left < -0.5 || box.right > width + 0.5)) {
          const name =
            element.getAttribute('aria-label') ??
            element.textContent?.trim().slice(0, 40) ??
            element.tagName;
          cut.push(`${element.tagName.toLowerCase()} "${name}" ${box.left}–${box.right}`);
        }
      }
      return { scrollWidth: document.scrollingElement!.scrollWidth, cut };
    },
    { selector: INTERACTIVE, width },
  );
}

async function expectFits(page: Page, phone: (typeof PHONES)[number], screen: string) {
  await settle(page);
  const overflow = await overflowOf(page, phone.width);
  expect
    .soft(overflow.scrollWidth, `${screen} a ${phone.width} px: ancho del documento`)
    .toBeLessThan(phone.width + 1);
  expect.soft(overflow.cut, `${screen} a ${phone.width} px: elementos cortados`).toEqual([]);
}

/**
 * Checks the loaded screen on the large phone (photographed), then on the small one, and goes
 * back to the large one for the next screen. `check` runs at each size for screen-specific checks.
 */
async function expectScreenFits(
  page: Page,
  screen: string,
  check?: (phone: (typeof PHONES)[number]) => Promise<void>,
) {
  for (const phone of [LARGE, SMALL]) {
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await expectFits(page, phone, screen);
    await check?.(phone);
    if (phone === LARGE) {
      await page.screenshot({ path: `test-results/phone/${phone.name}-${screen}.png` });
    }
  }
  await page.setViewportSize({ width: LARGE.width, height: LARGE.height });
}

const inbox = es.conversation.inbox;
const backToConversations = format(es.contacts.backTo, { name: es.menu.entries.conversations });

test.describe('teléfono', () => {
  test('cada pantalla del vendedor cabe en un teléfono y se cierra la sesión desde el menú', async ({
    page,
    browserErrors,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'vendedor@demo.test');
    // The seller's newest conversation, with a long name and a tag that must not widen the page.
    const lastName = `${uniqueLetters()} Larguísimo Apellidodemasiadolargo`;
    const { id } = await createTestContact(page, 'Teléfono', { lastName, statusTag: 'contacted' });
    await trpcMutation(page, 'interaction.createNote', {
      contactId: id,
      id: clientId(),
      body: `Nota para el teléfono ${lastName}`,
    });

    // 'Conversaciones': the list, then the chat with a back arrow.
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: inbox.conversationsTitle })).toBeVisible();
    const rows = page.getByRole('list', { name: inbox.conversationsTitle });
    await expect(rows.getByRole('listitem').first()).toContainText(`Teléfono ${lastName}`);
    await expectScreenFits(page, 'conversaciones');

    await rows.getByRole('listitem').first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?.*id=${id}`));
    // The chat drawn with its timeline first (a tab clicked while it still loads may be drawn
    // anew), then a note: the text box whatever the channel's reply window says.
    await expect(
      page
        .getByRole('region', { name: es.conversation.timeline.label })
        .getByText(`Nota para el teléfono ${lastName}`),
    ).toBeVisible();
    await page.getByRole('tab', { name: es.conversation.composer.note }).click();
    const composer = page.getByTestId('composer-input');
    await expect(composer).toBeVisible();
    await expect(page.getByRole('link', { name: backToConversations })).toBeVisible();
    await expectScreenFits(page, 'chat', async (phone) => {
      // The composer takes the screen's width and is on screen, at the bottom of the chat, as
      // soon as the chat opens.
      const box = (await composer.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(phone.width * 0.8);
      await expect(composer).toBeInViewport({ ratio: 1 });
    });

    // The header's actions behind one '⋯' button; the reminder from there.
    const actions = page.getByRole('button', { name: es.conversation.bot.moreActions });
    await actions.click();
    const remind = page.getByRole('menuitem', { name: es.conversation.actions.remind });
    await expect(remind).toBeVisible();
    await expect(
      page.getByRole('menuitem', { name: es.conversation.actions.archive }),
    ).toBeVisible();
    await expectScreenFits(page, 'chat-acciones');
    await remind.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectScreenFits(page, 'recordatorio');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Back to the list by the arrow.
    await page.getByRole('link', { name: backToConversations }).click();
    await expect(page).toHaveURL(/\/contact$/);

    // 'Contactos' (searched for the long name, so its row is on screen whatever other tests
    // created meanwhile) and 'Ajustes'.
    await page.goto(`/contacts?search=${encodeURIComponent(lastName.split(' ')[0]!)}`);
    await expect(page.getByRole('heading', { name: es.contacts.listTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: `Teléfono ${lastName}` })).toBeVisible();
    await expectScreenFits(page, 'contactos');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectScreenFits(page, 'ajustes');

    // The user menu inside the drawer: the seller signs out from it.
    await page.getByRole('button', { name: es.shell.openMenu }).click();
    const userMenu = page.getByRole('button', { name: new RegExp(es.shell.userMenu) });
    await userMenu.click();
    const logout = page.getByRole('menuitem', { name: es.auth.logout });
    await expect(logout).toBeInViewport({ ratio: 1 });
    await expectScreenFits(page, 'menu-usuario');
    await logout.click();
    await expect(page.getByRole('heading', { name: es.auth.loginTitle })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });
});
