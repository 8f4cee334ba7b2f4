import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { coachComments, coachPosts, trainingCoaches, trainingItems } from '@cartera/db/schema';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import { useDemoApp } from '../../testing/demo-app';
import { uploadFile } from '../../testing/http-client';
import { waitFor, watchTopic } from '../../testing/ws-client';
import {
  PROJECT_MANAGER as COACH,
  SELLER,
  JAIL,
  SUPERVISOR,
  ADMIN,
  OTHER_TENANT,
} from '../../testing/demo-users';

/*
 * 'Aprender' (issue #18): classes and tutorials with 'Continuar viendo', the coach's posts with
 * audiences, reactions and comments, who may publish and moderate, bad input that stores
 * nothing, another company that reads nothing, and the legacy /coach paths.
 */
const env = useDemoApp();

/** The fields of the legacy answers these tests read. */
interface LegacyAnswer {
  id: string;
  position: number;
  countDocuments: number;
  instances: Array<{ id: string }>;
  instance: unknown;
  coach: { name: string };
  posts: Array<{ id: string; title: string }>;
  comments: Array<{ content: string }>;
}

const rest = (email: string, method: string, path: string, body?: unknown) =>
  env.rest<LegacyAnswer>(email, method, path, body);

async function firstClassOf(email: string) {
  const page = await env.call(email, 'training.items', { type: 'instance' });
  return page.data!.instances[0]!;
}

const newItem = (title: string) => ({
  type: 'instance' as const,
  title,
  description: 'Una clase nueva',
  date: new Date(),
  duration: 90,
  linkOfClass: '/media/training/clase-cierre.webm',
});

describe('clases y tutoriales', () => {
  it('una vendedora ve las clases de su empresa, la más nueva primero, y el entrenador', async () => {
    const coach = await env.call(JAIL, 'training.coach');
    expect(coach.data).toMatchObject({
      coach: { name: 'Pablo', lastname: 'Proyectos', meetLink: expect.stringMatching(/^https:/) },
      canManage: false,
    });
    const classes = await env.call(JAIL, 'training.items', { type: 'instance' });
    expect(classes.data!.countDocuments).toBe(3);
    expect(classes.data!.instances.map((item) => item.title)).toEqual([
      'Ventas por WhatsApp',
      'Cierre de ventas',
      'Manejo de objeciones',
    ]);
    const tutorials = await env.call(JAIL, 'training.items', { type: 'tutorial', size: 1 });
    expect(tutorials.data).toMatchObject({ countDocuments: 2 });
    expect(tutorials.data!.instances).toHaveLength(1);
  });

  it("dejar una clase a la mitad la pone en 'Continuar viendo' en la misma posición", async () => {
    const before = await env.call(JAIL, 'training.items', {
      type: 'instance',
      lastInteraction: true,
    });
    expect(before.data!.instances).toEqual([]);
    const target = await firstClassOf(JAIL);
    const saved = await env.call(JAIL, 'training.recordProgress', {
      id: target.id,
      position: 14.6,
    });
    expect(saved.data!.position).toBe(14);
    const after = await env.call(JAIL, 'training.items', {
      type: 'instance',
      lastInteraction: true,
    });
    expect(after.data!.instances.map((item) => [item.id, item.progress?.position])).toEqual([
      [target.id, 14],
    ]);
    const single = await env.call(JAIL, 'training.item', { id: target.id });
    expect(single.data!.progress?.position).toBe(14);
    // Someone else's progress is their own.
    const seller = await env.call(SELLER, 'training.item', { id: target.id });
    expect(seller.data!.progress).toBeNull();
  });

  it('solo el entrenador o un administrador publica clases; otra empresa no ve nada', async () => {
    const refused = await env.call(SELLER, 'training.createItem', newItem('Clase de un vendedor'));
    expect(refused.status).toBe(403);
    expect(refused.error?.data.domainCode).toBe('TRAINING_COACH_ONLY');
    expect(refused.error?.message).toBe('Solo el entrenador de tu empresa puede hacer esto.');

    const created = await env.call(COACH, 'training.createItem', newItem('Prospección'));
    expect(created.status).toBe(200);
    const byAdmin = await env.call(ADMIN, 'training.updateItem', {
      id: created.data!.id,
      data: { ...newItem('Prospección en frío'), type: 'tutorial' },
    });
    expect(byAdmin.data).toMatchObject({ title: 'Prospección en frío', type: 'tutorial' });

    const other = await env.call(OTHER_TENANT, 'training.item', { id: created.data!.id });
    expect(other.status).toBe(403); // Otra Empresa has no training flag
    const removed = await env.call(COACH, 'training.deleteItem', { id: created.data!.id });
    expect(removed.status).toBe(200);
    const gone = await env.call(SELLER, 'training.item', { id: created.data!.id });
    expect(gone.error?.data.domainCode).toBe('TRAINING_ITEM_NOT_FOUND');
  });

  it('una clase para supervisores no llega a los vendedores', async () => {
    const created = await env.call(COACH, 'training.createItem', {
      ...newItem('Coaching de equipos'),
      audience: { groupIds: [], roles: ['super'] },
    });
    expect(created.status).toBe(200);
    const seller = await env.call(SELLER, 'training.item', { id: created.data!.id });
    expect(seller.error?.data.domainCode).toBe('TRAINING_ITEM_NOT_FOUND');
    const supervisor = await env.call(SUPERVISOR, 'training.item', { id: created.data!.id });
    expect(supervisor.data!.title).toBe('Coaching de equipos');
  });

  it('un video por encima del límite se rechaza en español y no se guarda nada', async () => {
    const result = await env.call(COACH, 'training.createItem', {
      ...newItem('Video enorme'),
      video: {
        name: 'enorme.webm',
        url: '/api/files/enorme.webm',
        mimeType: 'video/webm',
        size: MAX_UPLOAD_BYTES + 1,
      },
    });
    expect(result.status).toBe(413);
    expect(result.error?.message).toBe('El tamaño del archivo es superior al permitido');
    const stored = await env.database.handle.db
      .select()
      .from(trainingItems)
      .where(eq(trainingItems.title, 'Video enorme'));
    expect(stored).toEqual([]);
  });
});

describe('publicaciones del entrenador', () => {
  it('una publicación para un rol solo llega a ese rol', async () => {
    const seller = await env.call(SELLER, 'training.posts', {});
    expect(seller.data!.posts.map((post) => post.title)).toEqual([
      'Nueva clase: Ventas por WhatsApp',
      'Bienvenidos a Aprender',
    ]);
    const supervisor = await env.call(SUPERVISOR, 'training.posts', {});
    expect(supervisor.data!.posts.map((post) => post.title)).toContain('Reunión de supervisores');

    const created = await env.call(COACH, 'training.createPost', {
      title: 'Solo vendedores',
      content: 'Esta semana: foco en seguimientos.',
      audience: { roles: ['user'] },
    });
    expect(created.status).toBe(200);
    const sellerNow = await env.call(SELLER, 'training.posts', {});
    expect(sellerNow.data!.posts[0]!.title).toBe('Solo vendedores');
    const supervisorNow = await env.call(SUPERVISOR, 'training.posts', {});
    expect(supervisorNow.data!.posts.map((post) => post.title)).not.toContain('Solo vendedores');
  });

  it('una publicación para un grupo de otra empresa se rechaza y no se guarda', async () => {
    const result = await env.call(COACH, 'training.createPost', {
      title: 'Para otra empresa',
      content: 'No debería existir',
      audience: { groupIds: [env.demo.other.id] },
    });
    expect(result.status).toBe(400);
    expect(result.error?.message).toBe('Los grupos y usuarios elegidos deben ser de tu empresa.');
    const stored = await env.database.handle.db
      .select()
      .from(coachPosts)
      .where(eq(coachPosts.title, 'Para otra empresa'));
    expect(stored).toEqual([]);
  });

  it('un archivo con un enlace javascript: o data: se rechaza en español y no se guarda; uno web o subido sí', async () => {
    const text =
      'Cada archivo debe ser un enlace web (http o https) o un archivo subido a Cartera.';
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>1</script>']) {
      const title = `Archivo ${url.slice(0, 4)}`;
      const media = [{ name: 'guia.pdf', url, mimeType: 'application/pdf', size: 10 }];
      const refused = await env.call(COACH, 'training.createPost', { title, content: 'x', media });
      expect(refused.status).toBe(400);
      expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
      expect(refused.error?.data.fieldErrors).toEqual({ 'media.0.url': [text] });
      const legacy = await rest(COACH, 'POST', '/api/coach/post', { title, content: 'x', media });
      expect(legacy.status).toBe(400);
      const stored = await env.database.handle.db
        .select()
        .from(coachPosts)
        .where(eq(coachPosts.title, title));
      expect(stored).toEqual([]);
    }
    // A path of this server's files must be an upload the server found complete (issue #30 §5).
    const video = Buffer.from('1a45dfa3', 'hex');
    const key = await uploadFile(env.app.url, await env.tokenOf(COACH), {
      name: 'video.webm',
      mimeType: 'video/webm',
      via: 'training',
      body: video,
    });
    const [tenantId] = key.split('/');
    const missing = await env.call(COACH, 'training.createPost', {
      title: 'Con un archivo que no se subió',
      content: 'x',
      media: [
        { name: 'otro.webm', url: `/api/files/${tenantId}/training/nunca/otro.webm`, size: 4 },
      ],
    });
    expect(missing.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
    expect(
      await env.database.handle.db
        .select()
        .from(coachPosts)
        .where(eq(coachPosts.title, 'Con un archivo que no se subió')),
    ).toEqual([]);
    const post = (
      await env.call(COACH, 'training.createPost', {
        title: 'Con archivos',
        content: 'La guía y el video.',
        media: [
          { name: 'guia.pdf', url: 'https://cdn.example.com/guia.pdf', size: 10 },
          { name: 'video.webm', url: `/api/files/${key}`, mimeType: 'video/webm', size: 4 },
        ],
      })
    ).data!;
    expect(post.media.map((file) => file.url)).toEqual([
      'https://cdn.example.com/guia.pdf',
      `${env.app.url}/api/files/${key}`,
    ]);
    const changed = await env.call(COACH, 'training.updatePost', {
      id: post.id,
      data: {
        title: post.title,
        content: 'x',
        media: [{ name: 'x', url: 'javascript:1', size: 1 }],
      },
    });
    expect(changed.status).toBe(400);
    const read = await env.call(COACH, 'training.post', { id: post.id });
    expect(read.data!.media).toHaveLength(2);
  });

  it('el entrenador elige grupos de su empresa como audiencia; un vendedor no los lista', async () => {
    const groups = await env.call(COACH, 'training.audienceGroups');
    expect(groups.status).toBe(200);
    const paths = groups.data!.map((group) => group.path);
    expect(paths[0]).toBe('Demo Uruguay');
    expect(paths.length).toBeGreaterThan(1);
    expect(paths.slice(1).every((path) => path.startsWith('Demo Uruguay / '))).toBe(true);
    expect(groups.data!.map((group) => group.id)).not.toContain(env.demo.other.id);
    const seller = await env.call(SELLER, 'training.audienceGroups');
    expect(seller.status).toBe(403);
    expect(seller.error?.data.domainCode).toBe('TRAINING_COACH_ONLY');
  });

  it('las publicaciones van de a 5 con el total de páginas', async () => {
    for (let index = 0; index < 4; index++) {
      await env.call(COACH, 'training.createPost', {
        title: `Tip ${index + 1}`,
        content: 'Un consejo corto',
      });
    }
    const first = await env.call(JAIL, 'training.posts', { offset: 1 });
    expect(first.data!.posts).toHaveLength(5);
    expect(first.data!.pages).toBe(Math.ceil(first.data!.countDocuments / 5));
    const second = await env.call(JAIL, 'training.posts', { offset: 2 });
    const titles = [...first.data!.posts, ...second.data!.posts].map((post) => post.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toContain('Bienvenidos a Aprender');
  });

  it('una reacción se cambia y, elegida de nuevo por la ruta heredada, se quita', async () => {
    const { posts } = (await env.call(JAIL, 'training.posts', { offset: 1, limit: 50 })).data!;
    const welcome = posts.find((post) => post.title === 'Bienvenidos a Aprender')!;
    expect(welcome.reactions).toMatchObject({ total: 2, mine: null });
    const loved = await env.call(JAIL, 'training.react', { postId: welcome.id, reaction: 'love' });
    expect(loved.data).toMatchObject({ mine: 'love', total: 3 });
    const changed = await env.call(JAIL, 'training.react', {
      postId: welcome.id,
      reaction: 'strength',
    });
    expect(changed.data).toMatchObject({ mine: 'strength', total: 3 });
    expect(changed.data!.counts.love).toBe(0);
    const toggled = await rest(JAIL, 'POST', `/api/coach/post/${welcome.id}/reaction`, {
      reactionType: 'strength',
    });
    expect(toggled.body).toMatchObject({ mine: null, total: 2 });
  });

  it('comentarios, respuestas y su moderación', async () => {
    const { posts } = (await env.call(SELLER, 'training.posts', { offset: 1, limit: 50 })).data!;
    const post = posts.find((each) => each.title === 'Nueva clase: Ventas por WhatsApp')!;
    expect(post.comments[0]).toMatchObject({
      content: 'A mí me funciona el saludo con el nombre y una pregunta corta.',
      replies: [{ user: { name: 'Pablo' }, replyTo: { name: 'Valentín' } }],
    });

    const empty = await env.call(JAIL, 'training.comment', { postId: post.id, content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe('Escribe un comentario antes de enviarlo.');

    const comment = await env.call(JAIL, 'training.comment', {
      postId: post.id,
      content: 'Yo uso la de horarios.',
    });
    expect(comment.data).toMatchObject({ user: { name: 'Julia' }, canDelete: true });
    const reply = await env.call(SELLER, 'training.comment', {
      postId: post.id,
      content: '¡Buena idea!',
      parentId: comment.data!.id,
    });
    expect(reply.data).toMatchObject({ parentId: comment.data!.id, replyTo: { name: 'Julia' } });

    // Someone else's comment: only its author, the coach or an admin deletes it.
    const notYours = await env.call(SELLER, 'training.deleteComment', { id: comment.data!.id });
    expect(notYours.error?.data.domainCode).toBe('COACH_COMMENT_NOT_YOURS');

    // The coach hides it: the others no longer see it, its author and the coach do.
    const hidden = await env.call(COACH, 'training.setCommentVisibility', {
      id: comment.data!.id,
      visible: false,
    });
    expect(hidden.data).toEqual({ id: comment.data!.id, visible: false });
    const contents = async (email: string) =>
      (await env.call(email, 'training.post', { id: post.id })).data!.comments.map(
        (each) => each.content,
      );
    expect(await contents(SELLER)).not.toContain('Yo uso la de horarios.');
    expect(await contents(JAIL)).toContain('Yo uso la de horarios.');
    expect(await contents(COACH)).toContain('Yo uso la de horarios.');

    const deleted = await env.call(JAIL, 'training.deleteComment', { id: comment.data!.id });
    expect(deleted.status).toBe(200);
    const rows = await env.database.handle.db
      .select()
      .from(coachComments)
      .where(and(eq(coachComments.postId, post.id), eq(coachComments.content, '¡Buena idea!')));
    expect(rows).toEqual([]); // its replies went with it
  });

  it('los comentarios van de a 5 con los que quedan', async () => {
    const post = (
      await env.call(COACH, 'training.createPost', { title: 'Preguntas', content: '¿Dudas?' })
    ).data!;
    for (let index = 1; index <= 7; index++) {
      await env.call(SELLER, 'training.comment', { postId: post.id, content: `Duda ${index}` });
    }
    const read = (await env.call(JAIL, 'training.post', { id: post.id })).data!;
    expect(read.comments.map((each) => each.content)).toEqual([
      'Duda 1',
      'Duda 2',
      'Duda 3',
      'Duda 4',
      'Duda 5',
    ]);
    expect(read.restOfCommentCount).toBe(2);
    expect(read.commentCount).toBe(7);
    const next = await env.call(JAIL, 'training.comments', {
      postId: post.id,
      after: read.comments.at(-1)!.id,
    });
    expect(next.data!.comments.map((each) => each.content)).toEqual(['Duda 6', 'Duda 7']);
    expect(next.data!.restOfCommentCount).toBe(0);

    // A thread's replies also come 5 at a time.
    const first = read.comments[0]!;
    for (let index = 1; index <= 6; index++) {
      await env.call(COACH, 'training.comment', {
        postId: post.id,
        content: `Respuesta ${index}`,
        parentId: first.id,
      });
    }
    const thread = (await env.call(JAIL, 'training.post', { id: post.id })).data!.comments[0]!;
    expect(thread.replies).toHaveLength(5);
    expect(thread.restOfCommentCount).toBe(1);
    const replies = await env.call(JAIL, 'training.comments', {
      postId: post.id,
      parentId: first.id,
      after: thread.replies.at(-1)!.id,
    });
    expect(replies.data!.comments.map((each) => each.content)).toEqual(['Respuesta 6']);
    expect(replies.data!.restOfCommentCount).toBe(0);
  });

  it('solo el entrenador o un administrador modifica y elimina publicaciones', async () => {
    const post = (await env.call(COACH, 'training.createPost', { title: 'Borrador', content: 'x' }))
      .data!;
    const refused = await env.call(SELLER, 'training.deletePost', { id: post.id });
    expect(refused.error?.data.domainCode).toBe('TRAINING_COACH_ONLY');
    const edited = await env.call(ADMIN, 'training.updatePost', {
      id: post.id,
      data: { title: 'Publicado', content: 'Texto final' },
    });
    expect(edited.data).toMatchObject({ title: 'Publicado', content: 'Texto final' });
    const removed = await rest(COACH, 'DELETE', `/api/coach/post/${post.id}`);
    expect(removed.status).toBe(200);
    const gone = await env.call(SELLER, 'training.post', { id: post.id });
    expect(gone.error?.data.domainCode).toBe('COACH_POST_NOT_FOUND');
  });
});

describe('en vivo', () => {
  it('un comentario llega a quien ve la publicación; una publicación para supervisores no llega a un vendedor', async () => {
    const seller = await watchTopic(env.app.url, await env.tokenOf(SELLER), 'training');
    const supervisor = await watchTopic(env.app.url, await env.tokenOf(SUPERVISOR), 'training');
    try {
      const forSupervisors = await env.call(COACH, 'training.createPost', {
        title: 'Solo supervisores (en vivo)',
        content: 'Reunión el lunes',
        audience: { roles: ['super'] },
      });
      const forAll = await env.call(COACH, 'training.createPost', {
        title: 'Para todos (en vivo)',
        content: '¡Hola!',
      });
      const comment = await env.call(JAIL, 'training.comment', {
        postId: forAll.data!.id,
        content: 'Presente',
      });
      await waitFor(
        () => seller.received.some((event) => event.payload.commentId === comment.data!.id),
        15_000,
        'the comment event',
      );
      await waitFor(
        () => supervisor.received.some((event) => event.payload.postId === forSupervisors.data!.id),
        15_000,
        'the post event',
      );
      expect(seller.received.map((event) => event.payload.postId)).not.toContain(
        forSupervisors.data!.id,
      );
      expect(seller.received.map((event) => event.type)).toEqual(
        expect.arrayContaining(['training.post', 'training.comment']),
      );
    } finally {
      seller.stop();
      supervisor.stop();
    }
  });
});

describe('rutas heredadas /coach', () => {
  it('lista clases, abre una por id y registra la última interacción', async () => {
    const list = await rest(SELLER, 'GET', '/api/coach/instance?type=instance&page=1&size=2');
    expect(list.status).toBe(200);
    expect(list.body.instances).toHaveLength(2);
    expect(list.body.countDocuments).toBeGreaterThanOrEqual(3);
    const id = list.body.instances[0]!.id;
    const patched = await rest(SELLER, 'PATCH', `/api/coach/instance/${id}/lastInteraction`, {
      position: 7,
    });
    expect(patched.body.position).toBe(7);
    const single = await rest(SELLER, 'GET', `/api/coach/instance?id=${id}`);
    expect(single.body.instance).toMatchObject({ id, progress: { position: 7 } });
    const recent = await rest(
      SELLER,
      'GET',
      '/api/coach/instance?type=instance&lastInteraction=true',
    );
    expect(recent.body.instances[0]!.id).toBe(id);
  });

  it('el entrenador y los comentarios por las rutas heredadas', async () => {
    const manager = await rest(JAIL, 'GET', '/api/coach/manager');
    expect(manager.body.coach.name).toBe('Pablo');
    const posts = await rest(JAIL, 'GET', '/api/coach/post?offset=1&limit=50');
    const welcome = posts.body.posts.find((post) => post.title === 'Bienvenidos a Aprender')!;
    const created = await rest(JAIL, 'POST', `/api/coach/post/${welcome.id}/comment`, {
      content: 'Desde la integración',
    });
    expect(created.status).toBe(201);
    const page = await rest(
      JAIL,
      'GET',
      `/api/coach/post/comments?post_id=${welcome.id}&idsToDiscriminate=${created.body.id}`,
    );
    expect(page.body.comments.map((each) => each.content)).not.toContain('Desde la integración');
    const hidden = await rest(
      COACH,
      'PATCH',
      `/api/coach/post/comment/${created.body.id}/visibility`,
      {
        state: false,
      },
    );
    expect(hidden.body).toEqual({ id: created.body.id, visible: false });
    const removed = await rest(JAIL, 'DELETE', `/api/coach/post/comment/${created.body.id}`);
    expect(removed.status).toBe(200);
  });

  it('otra empresa sin Aprender no llega a las rutas', async () => {
    const result = await rest(OTHER_TENANT, 'GET', '/api/coach/post');
    expect(result.status).toBe(403);
  });
});

describe('sin entrenador', () => {
  it('la empresa sin entrenador lo dice, y quien lo era ya no publica; un admin lo vuelve a nombrar', async () => {
    const db = env.database.handle.db;
    await db.delete(trainingCoaches).where(eq(trainingCoaches.tenantId, env.demo.demo.id));
    const none = await env.call(JAIL, 'training.coach');
    expect(none.data).toEqual({ coach: null, canManage: false });
    const refused = await env.call(COACH, 'training.createPost', { title: 'x', content: 'y' });
    expect(refused.error?.data.domainCode).toBe('TRAINING_COACH_ONLY');

    const notAdmin = await env.call(COACH, 'training.setCoach', {
      userId: env.demo.users[COACH]!.id,
    });
    expect(notAdmin.status).toBe(403);
    const otherCompany = await env.call(ADMIN, 'training.setCoach', {
      userId: env.demo.users[OTHER_TENANT]!.id,
    });
    expect(otherCompany.error?.data.domainCode).toBe('TRAINING_AUDIENCE_INVALID');
    const named = await env.call(ADMIN, 'training.setCoach', {
      userId: env.demo.users[COACH]!.id,
      meetLink: 'https://meet.google.com/otra-sala',
    });
    expect(named.data!.coach).toMatchObject({
      name: 'Pablo',
      meetLink: 'https://meet.google.com/otra-sala',
    });
    expect((await env.call(COACH, 'training.coach')).data!.canManage).toBe(true);
  });
});
