import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { isLiveSuggestion } from '@cartera/domain/suggested-reminders';
import { createContact } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { contacts, domainEvents, interactions } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { SELLER } from '../../testing/demo-users';

const env = useDemoApp();

function sellersContact() {
  return createContact(env.database.handle.db, env.demo.demo, {
    firstName: 'Sugerencias',
    agentId: env.demo.users[SELLER]!.id,
  });
}

const interactionRow = async (id: string) => (await env.interactionById(id))!;

async function noteWith(contactId: string, body: string) {
  const id = newId();
  const created = await env.call(SELLER, 'interaction.createNote', { contactId, id, body });
  expect(created.status).toBe(200);
  return id;
}

describe('suggested reminders (03 §3, §4, §6)', () => {
  it('the demo has notes with reminders still on offer', async () => {
    const rows = await env.database.handle.db
      .select({ suggestions: interactions.suggestions })
      .from(interactions)
      .where(
        and(
          eq(interactions.tenantId, env.demo.demo.id),
          sql`jsonb_array_length(${interactions.suggestions}) > 0`,
        ),
      );
    const live = rows.filter((row) =>
      row.suggestions.some((suggestion) => isLiveSuggestion(suggestion, new Date())),
    );
    expect(live.length).toBeGreaterThanOrEqual(3);
  });

  it('a note that speaks of the future carries its suggested dates on the timeline', async () => {
    const contact = await sellersContact();
    const id = await noteWith(contact.id, 'Dice que lo llame el mes que viene o en 6 meses');
    const plain = await noteWith(contact.id, 'Compró hace 2 meses');
    const page = await env.call(SELLER, 'interaction.timeline', { contactId: contact.id });
    const note = page.data.items.find((item) => item.id === id)!;
    expect(note.suggestions).toHaveLength(2);
    for (const suggestion of note.suggestions) {
      expect(suggestion).toMatchObject({ done: false, removed: false });
      expect(Date.parse(suggestion.content.reminderDate)).toBeGreaterThan(Date.now());
    }
    expect(page.data.items.find((item) => item.id === plain)!.suggestions).toEqual([]);
  });

  it('completing one sets the reminder at its date and marks it done, announcing the change', async () => {
    const contact = await sellersContact();
    const noteId = await noteWith(contact.id, 'Retomar en 3 meses');
    const [suggestion] = (await interactionRow(noteId)).suggestions;
    const reminderId = newId();
    const input = { contactId: contact.id, interactionId: noteId, index: 0, id: reminderId };
    const done = await env.call(SELLER, 'interaction.completeSuggestion', input);
    expect(done.data).toEqual({ id: reminderId });

    const [row] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(row!.reminder).toMatchObject({
      interactionId: reminderId,
      reminderDate: suggestion!.content.reminderDate,
    });
    expect((await interactionRow(noteId)).suggestions[0]).toMatchObject({
      done: true,
      removed: false,
    });
    expect(await interactionRow(reminderId)).toMatchObject({ type: 'reminder', status: 'active' });
    const updates = await env.database.handle.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'interaction.updated'),
          eq(domainEvents.topic, `contact:${contact.id}`),
        ),
      );
    expect(updates.map((event) => event.payload)).toEqual([
      { contactId: contact.id, interactionId: noteId, type: 'note' },
    ]);

    // A retry after a lost answer changes nothing; another id is refused in Spanish.
    expect((await env.call(SELLER, 'interaction.completeSuggestion', input)).data).toEqual({
      id: reminderId,
    });
    const again = await env.call(SELLER, 'interaction.completeSuggestion', {
      ...input,
      id: newId(),
    });
    expect(again.error?.data.domainCode).toBe('SUGGESTION_NOT_AVAILABLE');
    expect(again.error?.message).toBe('La sugerencia de recordatorio ya no está disponible.');
    const reminders = await env.database.handle.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, contact.id), eq(interactions.type, 'reminder')));
    expect(reminders).toHaveLength(1);
  });

  it('removing one hides it for good; a past one cannot be taken', async () => {
    const contact = await sellersContact();
    const noteId = await noteWith(contact.id, 'El año que viene cambia la flota');
    const removed = await env.call(SELLER, 'interaction.removeSuggestion', {
      contactId: contact.id,
      interactionId: noteId,
      index: 0,
    });
    expect(removed.data).toEqual({ success: true });
    expect((await interactionRow(noteId)).suggestions[0]).toMatchObject({ removed: true });
    const taken = await env.call(SELLER, 'interaction.completeSuggestion', {
      contactId: contact.id,
      interactionId: noteId,
      index: 0,
      id: newId(),
    });
    expect(taken.error?.data.domainCode).toBe('SUGGESTION_NOT_AVAILABLE');

    const past = await noteWith(contact.id, 'en 2 meses');
    await env.database.handle.db
      .update(interactions)
      .set({
        suggestions: [
          { content: { reminderDate: '2020-01-01T12:00:00.000Z' }, done: false, removed: false },
        ],
      })
      .where(eq(interactions.id, past));
    const late = await env.call(SELLER, 'interaction.completeSuggestion', {
      contactId: contact.id,
      interactionId: past,
      index: 0,
      id: newId(),
    });
    expect(late.error?.data.domainCode).toBe('REMINDER_DATE_PAST');
    const missing = await env.call(SELLER, 'interaction.removeSuggestion', {
      contactId: contact.id,
      interactionId: past,
      index: 3,
    });
    expect(missing.error?.data.domainCode).toBe('SUGGESTION_NOT_AVAILABLE');
    const [row] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(row!.reminder).toBeNull();
  });

  it("only who may set the contact's reminder takes its suggestions", async () => {
    const contact = await sellersContact();
    const noteId = await noteWith(contact.id, 'el próximo mes');
    const input = { contactId: contact.id, interactionId: noteId, index: 0 };
    const otherSeller = await env.call('vendedora@demo.test', 'interaction.completeSuggestion', {
      ...input,
      id: newId(),
    });
    expect(otherSeller.status).toBe(404);
    const stranger = await env.call('vendedor@otra.test', 'interaction.removeSuggestion', input);
    expect(stranger.status).toBe(404);
    expect((await interactionRow(noteId)).suggestions[0]).toMatchObject({
      done: false,
      removed: false,
    });
    // The seller's supervisor sees the contact, so may take it.
    const supervisor = await env.call('supervisor@demo.test', 'interaction.completeSuggestion', {
      ...input,
      id: newId(),
    });
    expect(supervisor.status).toBe(200);
  });
});
