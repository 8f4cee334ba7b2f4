import { describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { interactions } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

const file = (name: string, mimeType: string) => ({
  name,
  url: `https://archivos.example.test/${name}`,
  mimeType,
  size: 1024,
});

describe('info panel (03 §2.1, §9)', () => {
  it('counts the last 3 months by weekday in the viewer’s zone and names the best day', async () => {
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Mapa',
      agentId: env.demo.users['vendedor@demo.test']!.id,
    });
    // Recent times, two of them at 02:00 UTC: the previous day in Montevideo.
    const day = (daysAgo: number, utcHour: number) => {
      const date = new Date(Date.now() - daysAgo * 86_400_000);
      date.setUTCHours(utcHour, 0, 0, 0);
      return date;
    };
    const recent = [day(10, 15), day(9, 2), day(8, 15), day(3, 2)];
    const older = day(120, 15); // out of the last 3 months
    const weekdayIn = (date: Date) =>
      ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
        new Intl.DateTimeFormat('en-US', {
          weekday: 'short',
          timeZone: 'America/Montevideo',
        }).format(date),
      );
    const expected = [0, 0, 0, 0, 0, 0, 0];
    for (const date of recent) expected[weekdayIn(date)]! += 1;
    const rows = [...recent, older].map((createdAt) => ({
      id: newId(createdAt.getTime()),
      tenantId: env.demo.demo.id,
      contactId: contact.id,
      type: 'note',
      content: { body: 'x' },
      createdAt,
    }));
    await env.database.handle.db.insert(interactions).values(rows);
    const result = await env.call('vendedor@demo.test', 'interaction.heatmap', {
      contactId: contact.id,
      timeZone: 'America/Montevideo',
    });
    expect(result.error).toBeUndefined();
    expect(result.data.counts).toEqual(expected);
    expect(result.data.counts.reduce((sum, each) => sum + each, 0)).toBe(4);
    // 10 and 9 days ago at 15:00 and 02:00 UTC fall on the same Montevideo day.
    expect(weekdayIn(recent[0]!)).toBe(weekdayIn(recent[1]!));
    expect(result.data.bestWeekday).toBe(weekdayIn(recent[0]!));
  });

  it('only admins attach files to notes; multimedia and files are listed apart, 10 per page', async () => {
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Adjuntos',
      agentId: env.demo.users['vendedor@demo.test']!.id,
    });
    const refused = await env.call('vendedor@demo.test', 'interaction.createNote', {
      contactId: contact.id,
      id: newId(),
      body: 'Foto',
      files: [file('foto.jpg', 'image/jpeg')],
    });
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    for (let n = 0; n < 12; n += 1) {
      const created = await env.call('admin@demo.test', 'interaction.createNote', {
        contactId: contact.id,
        id: newId(),
        body: '',
        files: [file(`foto-${n}.jpg`, 'image/jpeg'), file(`contrato-${n}.pdf`, 'application/pdf')],
      });
      expect(created.status).toBe(200);
    }
    const first = await env.call('vendedor@demo.test', 'interaction.files', {
      contactId: contact.id,
      kind: 'multimedia',
    });
    expect(first.data.total).toBe(12);
    expect(first.data.items).toHaveLength(10);
    expect(first.data.items[0]!.name).toBe('foto-11.jpg');
    const second = await env.call('vendedor@demo.test', 'interaction.files', {
      contactId: contact.id,
      kind: 'multimedia',
      page: 1,
    });
    expect(second.data.items.map((item) => item.name)).toEqual(['foto-1.jpg', 'foto-0.jpg']);
    const documents = await env.call('vendedor@demo.test', 'interaction.files', {
      contactId: contact.id,
      kind: 'files',
    });
    expect(documents.data.total).toBe(12);
    expect(documents.data.items.every((item) => item.mimeType === 'application/pdf')).toBe(true);
  });
});
