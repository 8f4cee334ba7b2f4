import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { contactSearchText } from '@cartera/domain/search';
import { suggestReminders } from '@cartera/domain/suggested-reminders';
import type { Executor } from '../client';
import { newId } from '@cartera/domain/ids';
import { contacts } from '../schema/contacts';
import type { Group } from '../schema/groups';
import { interactions, type NewInteraction } from '../schema/interactions';
import type { User } from '../schema/users';

/**
 * Demo timelines (issue #6 §11): realistic conversations on 80 demo contacts — notes,
 * reminders, archivings, visits, calls, tag changes and a few transfers — and one contact,
 * 'Martina Conversadora' of vendedor@demo.test, with 5,000 interactions to scroll through.
 * Deterministic apart from the ids.
 */
export const LONG_TIMELINE_LENGTH = 5_000;
const CONTACTS_WITH_TIMELINES = 80;
const LONG_TIMELINE_DAYS = 480;

const NOTES = [
  'Consultó por el plan anual, le paso precios mañana.',
  'Pide *cotización* para 3 equipos, con envío a Canelones.',
  'Dice que lo llame después de las 18 h.',
  'Le interesa pero está esperando la aprobación de su socio.',
  'Envié el catálogo por WhatsApp, quedó en revisarlo.',
  'Pregunta si aceptamos pago en _cuotas_ sin recargo.',
  'No contestó, dejé mensaje en el buzón.',
  'Confirmó la reunión del jueves en su oficina.',
  'Está comparando con la competencia, pidió ~descuento~ mejor precio.',
  'Quedó conforme con la demo; falta que firme.',
  'Pide factura a nombre de la empresa, RUT en el legajo.',
  'Cambió de número, actualicé el teléfono.',
];
/** Notes that speak of a future time: they carry suggested reminders (03 §4). */
const FUTURE_NOTES = [
  'Dice que el mes que viene vuelve a evaluar la compra.',
  'Retomar en 6 meses, ahora no tiene presupuesto.',
  'Quiere renovar los equipos el año que viene.',
  'Cobra a mediados del mes que viene; ahí decide.',
  'Llamarlo dentro de tres meses, cuando termine la obra.',
];
const COMMENTS = [
  'Llamar para cerrar la propuesta',
  'Enviar la cotización actualizada',
  'Confirmar la visita',
  'Preguntar si recibió el catálogo',
];
const VISIT_RESULTS = [
  ['concretada', 'Visita concretada'],
  ['ausente', 'Cliente ausente'],
  ['reprogramada', 'Reprogramada'],
] as const;
/** Archiving reasons of the demo tenant (demo.ts); 'Vendido' is of type sale ('Ventas' counts it). */
const REASONS = [
  ['sin-interes', 'Sin interés', null],
  ['precio', 'Precio alto', null],
  ['volver-a-llamar', 'Volver a llamar', null],
  ['vendido', 'Vendido', 'sale'],
] as const;
const TAGS = ['new', 'contacted', 'offered'];
const CALL_STATES = ['done', 'done', 'cancel', 'voicemail'] as const;
const ACTIONS = ['phoneCall', 'message', 'visit', 'sendWhatsapp'] as const;

function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof generator>;

interface TimelineContact {
  id: string;
  tenantId: string;
  agentId: string;
  createdAt: Date;
  statusTag: string | null;
}

/** One made-up item of a seller's day with a contact, at `at`. */
function item(
  random: Random,
  contact: TimelineContact,
  at: number,
  people: {
    agentId: string;
    teammate: User | undefined;
    names: Map<string, { name: string; lastname: string }>;
  },
  state: { tag: string | null; archived: string | null },
): NewInteraction {
  const base = {
    id: newId(at),
    tenantId: contact.tenantId,
    contactId: contact.id,
    agentId: people.agentId,
    via: 'web',
    createdAt: new Date(at),
  };
  const roll = random.next();
  if (roll < 0.42) {
    return { ...base, type: 'note', content: { body: random.pick(NOTES), files: [] } };
  }
  if (roll < 0.62) {
    const callState = random.pick(CALL_STATES);
    return {
      ...base,
      type: 'phoneCall',
      status: callState,
      content: {
        state: callState,
        origin: 'manual',
        ...(callState === 'done' ? { callDuration: 30 + Math.floor(random.next() * 600) } : {}),
      },
    };
  }
  if (roll < 0.74) {
    return {
      ...base,
      type: 'reminder',
      status: 'expired',
      agentId: null,
      via: 'server',
      createdBySystem: true,
      content: {
        reminderDate: null,
        reminderDateToInactivate: new Date(at).toISOString(),
        actionType: random.pick(ACTIONS),
        comment: random.pick(COMMENTS),
      },
    };
  }
  if (roll < 0.84) {
    const [code, name] = random.pick(VISIT_RESULTS);
    return {
      ...base,
      type: 'visit',
      content: { state: code, stateName: name, comment: random.pick(NOTES), shared: [] },
    };
  }
  if (roll < 0.92) {
    const to = random.pick(TAGS.filter((tag) => tag !== state.tag));
    const from = state.tag ?? '';
    state.tag = to;
    return { ...base, type: 'tagChange', content: { from, to } };
  }
  if (roll < 0.97 || !people.teammate) {
    if (state.archived) {
      const from = state.archived;
      state.archived = null;
      return { ...base, type: 'archiving', content: { from, to: '' } };
    }
    const [code, name, type] = random.pick(REASONS);
    state.archived = code;
    return {
      ...base,
      type: 'archiving',
      content: { from: '', to: code, toName: name, ...(type ? { reasonType: type } : {}) },
    };
  }
  return {
    ...base,
    type: 'transfer',
    content: {
      fromUser: people.teammate.id,
      toUser: { _id: people.agentId, ...people.names.get(people.agentId) },
      description: 'Te lo paso, es de tu zona.',
    },
  };
}

async function insertTimeline(
  db: Executor,
  contact: TimelineContact,
  rows: NewInteraction[],
  state: { tag: string | null; archived: string | null },
) {
  for (let start = 0; start < rows.length; start += 1_000) {
    await db.insert(interactions).values(rows.slice(start, start + 1_000));
  }
  const last = rows.at(-1);
  await db
    .update(contacts)
    .set({
      lastInteractionAt: last?.createdAt ?? null,
      statusTag: state.tag,
      archivingReason: state.archived,
      archivingReasonText: state.archived
        ? (REASONS.find(([code]) => code === state.archived)?.[1] ?? null)
        : null,
    })
    .where(and(eq(contacts.tenantId, contact.tenantId), eq(contacts.id, contact.id)));
}

export async function seedConversationsDemo(
  db: Executor,
  data: { demo: Group; users: Record<string, User> },
  now = Date.now(),
) {
  const random = generator(20_261_122);
  const seller = data.users['vendedor@demo.test']!;
  const teammate = data.users['supervisor@demo.test'];
  const owned = await db
    .select({
      id: contacts.id,
      tenantId: contacts.tenantId,
      agentId: contacts.agentId,
      createdAt: contacts.createdAt,
      statusTag: contacts.statusTag,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, data.demo.id),
        isNotNull(contacts.agentId),
        isNull(contacts.parentContactId),
      ),
    )
    // The oldest ones: the named contacts of the companies demo (made last) keep no timeline.
    .orderBy(asc(contacts.id))
    .limit(CONTACTS_WITH_TIMELINES);
  const chosen = owned as TimelineContact[];
  const names = new Map(
    Object.values(data.users).map((user) => [
      user.id,
      { name: user.name, lastname: user.lastname },
    ]),
  );

  for (const [position, contact] of chosen.entries()) {
    const count = 3 + Math.floor(random.next() * 13);
    const start = contact.createdAt.getTime();
    const span = Math.max(now - start, 3_600_000);
    const times = Array.from({ length: count }, () => start + random.next() * span).sort(
      (a, b) => a - b,
    );
    const state = { tag: contact.statusTag, archived: null as string | null };
    const rows = times.map((at) =>
      item(random, contact, Math.round(at), { agentId: contact.agentId, teammate, names }, state),
    );
    // One contact in four: its last note speaks of the future, with the reminders it suggests.
    const lastNote = rows.findLast((row) => row.type === 'note');
    if (position % 4 === 0 && lastNote) {
      const body = FUTURE_NOTES[(position / 4) % FUTURE_NOTES.length]!;
      lastNote.content = { body, files: [] };
      lastNote.suggestions = suggestReminders(body, lastNote.createdAt ?? new Date(now));
    }
    await insertTimeline(db, contact, rows, state);
  }

  await seedLastTouches(db, random);

  // One long conversation: sixteen months of daily contact, 5,000 items.
  const [long] = await db
    .insert(contacts)
    .values({
      id: newId(now - LONG_TIMELINE_DAYS * 86_400_000),
      tenantId: data.demo.id,
      firstName: 'Martina',
      lastName: 'Conversadora',
      phones: ['+59899555001'],
      phonesMetadata: [{ phone: '+59899555001', extensionNumber: null }],
      emails: ['martina.conversadora@correo.com.uy'],
      statusTag: 'contacted',
      origin: null,
      detail: 'Cliente histórica: compra todos los meses.',
      agentId: seller.id,
      firstAgentId: seller.id,
      proximity: 0.95,
      searchText: contactSearchText(
        {
          firstName: 'Martina',
          lastName: 'Conversadora',
          emails: ['martina.conversadora@correo.com.uy'],
          phones: ['+59899555001'],
        },
        data.demo.country,
      ),
      createdAt: new Date(now - LONG_TIMELINE_DAYS * 86_400_000),
    })
    .returning();
  const contact = { ...long!, agentId: seller.id } as TimelineContact;
  const start = contact.createdAt.getTime();
  const step = (now - start) / (LONG_TIMELINE_LENGTH + 1);
  const state = { tag: 'contacted' as string | null, archived: null as string | null };
  const rows: NewInteraction[] = [];
  for (let n = 1; n <= LONG_TIMELINE_LENGTH; n += 1) {
    const at = Math.round(start + n * step);
    rows.push(item(random, contact, at, { agentId: seller.id, teammate, names }, state));
  }
  await insertTimeline(db, contact, rows, state);
  return { longContactId: contact.id };
}

/** What a seller last jotted down about a contact that has no conversation of its own. */
const LAST_TOUCHES = [
  'Primer contacto: pidió información por WhatsApp.',
  'Consultó precios, quedó en responder.',
  'Atendió la llamada, prefiere que le escriban.',
];
/** The same for a contact nobody holds: what reached it without a seller. */
const UNASSIGNED_TOUCH = 'Dejó sus datos en el formulario de la web.';

/**
 * The demo contacts list a last interaction (02 §9): every contact that has one without a
 * conversation gets the item that makes it true, so its timeline is never empty beside it.
 */
async function seedLastTouches(db: Executor, random: Random) {
  const bare = await db
    .select({
      id: contacts.id,
      tenantId: contacts.tenantId,
      agentId: contacts.agentId,
      lastInteractionAt: contacts.lastInteractionAt,
    })
    .from(contacts)
    .where(
      and(
        isNotNull(contacts.lastInteractionAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(interactions)
            .where(
              and(
                eq(interactions.tenantId, contacts.tenantId),
                eq(interactions.contactId, contacts.id),
              ),
            ),
        ),
      ),
    );
  const rows: NewInteraction[] = bare.map((contact) => {
    const at = contact.lastInteractionAt!;
    return {
      id: newId(at.getTime()),
      tenantId: contact.tenantId,
      contactId: contact.id,
      type: 'note',
      agentId: contact.agentId,
      via: contact.agentId ? 'web' : 'server',
      createdBySystem: !contact.agentId,
      content: { body: contact.agentId ? random.pick(LAST_TOUCHES) : UNASSIGNED_TOUCH, files: [] },
      createdAt: at,
    };
  });
  for (let start = 0; start < rows.length; start += 1_000) {
    await db.insert(interactions).values(rows.slice(start, start + 1_000));
  }
}
