import { expect } from 'vitest';
import type { DemoApp } from './demo-app';
import { SELLER } from './demo-users';

/** The demo seller's new contact with an e-mail address (the e-mail tests' customer): its id. */
export async function createMailContact(
  env: DemoApp,
  contact: { firstName: string; lastName: string; phone: string; email: string },
) {
  const created = await env.call(SELLER, 'contact.create', {
    firstName: contact.firstName,
    lastName: contact.lastName,
    phones: [{ phone: contact.phone, extensionNumber: '' }],
    emails: [contact.email],
    origin: null,
  });
  expect(created.error).toBeUndefined();
  return created.data!.id as string;
}
