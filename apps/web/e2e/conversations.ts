import type { Page } from '@playwright/test';
import { createTestContact, expect, signIn } from './fixtures';

/**
 * What the conversation browser tests share: opening a contact's conversation and waiting until
 * it is on screen, and the usual start of a test (a user signed in, a new contact of theirs made
 * through the API, its conversation open).
 */

/** Opens a contact's conversation and waits for the start of its timeline (the creation header). */
export async function openConversation(page: Page, id: string) {
  await page.goto(`/contact?id=${id}`);
  await expect(page.getByTestId('creation-header')).toBeVisible();
}

/** Opens a contact's conversation and waits for its name as the page's heading. */
export async function openContact(page: Page, contact: { id: string; name: string }) {
  await page.goto(`/contact?id=${contact.id}`);
  await expect(page.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
}

/**
 * Signs `email` in on `page`, makes a new contact of theirs named `firstName` (unique last name
 * and mobile) and opens its conversation at the start of its timeline; the contact's id.
 */
export async function openNewConversation(
  page: Page,
  email: string,
  firstName: string,
): Promise<string> {
  await signIn(page, email);
  const { id } = await createTestContact(page, firstName);
  await openConversation(page, id);
  return id;
}
