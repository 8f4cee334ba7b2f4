import type { Executor } from '../client';
import type { Group } from '../schema/groups';
import {
  coachComments,
  coachPosts,
  coachReactions,
  trainingCoaches,
  trainingItems,
  trainingProgress,
} from '../schema/training';
import type { User } from '../schema/users';

/*
 * 'Aprender' of Demo Uruguay (issue #18): Pablo (project manager) is the company's coach, with
 * three recorded classes and two tutorials (short real clips served by the web from
 * /media/training/), and posts with comments, replies and reactions. One post reaches
 * supervisors only. Julia (jail@demo.test) has opened nothing yet.
 */

const DAY = 24 * 60 * 60 * 1000;

const ITEMS = [
  {
    type: 'instance',
    slug: 'clase-objeciones',
    title: 'Manejo de objeciones',
    description: 'Cómo responder a "es caro", "lo tengo que pensar" y "ya tengo proveedor".',
    duration: 40,
    daysAgo: 20,
  },
  {
    type: 'instance',
    slug: 'clase-cierre',
    title: 'Cierre de ventas',
    description: 'Señales de compra y tres técnicas para pedir la venta sin presionar.',
    duration: 36,
    daysAgo: 12,
  },
  {
    type: 'instance',
    slug: 'clase-whatsapp',
    title: 'Ventas por WhatsApp',
    description: 'Mensajes breves, plantillas y cuándo pasar a una llamada.',
    duration: 30,
    daysAgo: 4,
  },
  {
    type: 'tutorial',
    slug: 'tutorial-contactos',
    title: 'Crear un contacto',
    description: 'Alta de un contacto con su teléfono, origen y empresa.',
    duration: 20,
    daysAgo: 30,
  },
  {
    type: 'tutorial',
    slug: 'tutorial-conversaciones',
    title: 'Conversaciones',
    description: 'Responder, dejar notas y programar recordatorios desde la conversación.',
    duration: 24,
    daysAgo: 25,
  },
] as const;

export async function seedTrainingDemo(
  db: Executor,
  { demo, users }: { demo: Group; users: Record<string, User> },
) {
  const coach = users['proyecto@demo.test']!;
  const id = (email: string) => users[email]!.id;
  const now = Date.now();
  await db.insert(trainingCoaches).values({
    tenantId: demo.id,
    userId: coach.id,
    meetLink: 'https://meet.google.com/demo-cartera-uy',
  });
  const items = await db
    .insert(trainingItems)
    .values(
      ITEMS.map((item) => ({
        tenantId: demo.id,
        type: item.type,
        title: item.title,
        description: item.description,
        date: new Date(now - item.daysAgo * DAY),
        duration: item.duration,
        miniature: `/media/training/${item.slug}.jpg`,
        linkOfClass: `/media/training/${item.slug}.webm`,
        createdBy: coach.id,
      })),
    )
    .returning({ id: trainingItems.id, title: trainingItems.title });
  // Valentín left the objections class halfway: his 'Continuar viendo'.
  await db.insert(trainingProgress).values({
    tenantId: demo.id,
    userId: id('vendedor@demo.test'),
    itemId: items.find((item) => item.title === 'Manejo de objeciones')!.id,
    position: 18,
    lastInteractionAt: new Date(now - 2 * DAY),
  });

  const posts = await db
    .insert(coachPosts)
    .values([
      {
        tenantId: demo.id,
        authorId: coach.id,
        title: 'Bienvenidos a Aprender',
        content:
          'Acá vamos a compartir clases grabadas, tutoriales y novedades del equipo. Dejen sus dudas en los comentarios.',
        createdAt: new Date(now - 15 * DAY),
      },
      {
        tenantId: demo.id,
        authorId: coach.id,
        title: 'Reunión de supervisores',
        content: 'El jueves repasamos los objetivos de cada equipo. Traigan sus números.',
        roles: ['super'],
        createdAt: new Date(now - 6 * DAY),
      },
      {
        tenantId: demo.id,
        authorId: coach.id,
        title: 'Nueva clase: Ventas por WhatsApp',
        content:
          'Ya está disponible la clase sobre ventas por WhatsApp. ¿Qué plantilla les funciona mejor?',
        createdAt: new Date(now - 4 * DAY),
      },
    ])
    .returning({ id: coachPosts.id, title: coachPosts.title });
  const post = (title: string) => posts.find((each) => each.title === title)!.id;

  const [question] = await db
    .insert(coachComments)
    .values({
      tenantId: demo.id,
      postId: post('Nueva clase: Ventas por WhatsApp'),
      authorId: id('vendedor@demo.test'),
      content: 'A mí me funciona el saludo con el nombre y una pregunta corta.',
      createdAt: new Date(now - 3 * DAY),
    })
    .returning({ id: coachComments.id });
  await db.insert(coachComments).values([
    {
      tenantId: demo.id,
      postId: post('Nueva clase: Ventas por WhatsApp'),
      parentId: question!.id,
      replyToId: id('vendedor@demo.test'),
      authorId: coach.id,
      content: '¡Buenísimo, Valentín! Sumalo a las respuestas rápidas.',
      createdAt: new Date(now - 3 * DAY + 3600_000),
    },
    {
      tenantId: demo.id,
      postId: post('Bienvenidos a Aprender'),
      authorId: id('vendedora@demo.test'),
      content: '¡Gracias! ¿Va a haber una clase sobre visitas?',
      createdAt: new Date(now - 14 * DAY),
    },
  ]);
  await db.insert(coachReactions).values([
    {
      tenantId: demo.id,
      postId: post('Bienvenidos a Aprender'),
      userId: id('vendedor@demo.test'),
      reaction: 'like',
    },
    {
      tenantId: demo.id,
      postId: post('Bienvenidos a Aprender'),
      userId: id('vendedora@demo.test'),
      reaction: 'celebration',
    },
    {
      tenantId: demo.id,
      postId: post('Nueva clase: Ventas por WhatsApp'),
      userId: id('supervisor@demo.test'),
      reaction: 'applaud',
    },
  ]);
}
