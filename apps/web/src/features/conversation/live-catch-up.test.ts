import { describe, expect, it } from 'vitest';
import { LiveCatchUp } from './live-catch-up';
import type { Interaction } from './timeline-model';

function item(id: string): Interaction {
  return {
    id,
    contactId: 'c',
    type: 'note',
    content: {},
    via: 'web',
    status: null,
    createdBySystem: false,
    createdAt: new Date(),
    agent: null,
    suggestions: [],
  };
}

describe('LiveCatchUp', () => {
  it('pide lo posterior al último id listado y avanza con lo que llega', async () => {
    const asked: string[] = [];
    const appended: string[] = [];
    const answers = [[item('b'), item('c')], []];
    const catchUp = new LiveCatchUp(
      (after) => {
        asked.push(after);
        return Promise.resolve(answers.shift() ?? []);
      },
      () => Promise.resolve(),
      (items) => appended.push(...items.map((each) => each.id)),
    );
    catchUp.saw('a');
    await catchUp.run();
    await catchUp.run();
    expect(asked).toEqual(['a', 'c']);
    expect(appended).toEqual(['b', 'c']);
  });

  it('un aviso durante una consulta hace otra vuelta al terminar, nunca dos a la vez', async () => {
    let release!: () => void;
    let calls = 0;
    const catchUp = new LiveCatchUp(
      () => {
        calls += 1;
        return calls === 1
          ? new Promise<Interaction[]>((resolve) => (release = () => resolve([item('b')])))
          : Promise.resolve([]);
      },
      () => Promise.resolve(),
      () => {},
    );
    catchUp.saw('a');
    const first = catchUp.run();
    await catchUp.run();
    expect(calls).toBe(1);
    release();
    await first;
    expect(calls).toBe(2);
  });

  it('sin nada listado vuelve a cargar la primera página', async () => {
    let reloads = 0;
    const catchUp = new LiveCatchUp(
      () => Promise.resolve([]),
      () => {
        reloads += 1;
        return Promise.resolve();
      },
      () => {},
    );
    await catchUp.run();
    expect(reloads).toBe(1);
  });
});

describe('LiveCatchUp.soon', () => {
  it('varios avisos seguidos hacen una consulta; cerrada la pantalla, ninguna', async () => {
    let calls = 0;
    const make = () =>
      new LiveCatchUp(
        () => {
          calls += 1;
          return Promise.resolve([]);
        },
        () => Promise.resolve(),
        () => {},
      );
    const open = make();
    open.saw('a');
    open.soon(10);
    open.soon(10);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(1);

    const closed = make();
    closed.saw('a');
    closed.soon(10);
    closed.stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(1);
  });
});

describe('LiveCatchUp: un elemento cambiado', () => {
  it('lo pide por id y lo reemplaza donde está, sin volver a cargar las páginas', async () => {
    let reloads = 0;
    const asked: string[][] = [];
    const replaced: string[] = [];
    const catchUp = new LiveCatchUp(
      () => Promise.resolve([]),
      () => {
        reloads += 1;
        return Promise.resolve();
      },
      () => {},
      {
        fetch: (ids) => {
          asked.push(ids);
          return Promise.resolve(ids.map(item));
        },
        replace: (items) => replaced.push(...items.map((each) => each.id)),
      },
    );
    catchUp.saw('z');
    catchUp.soon(5, 'b');
    catchUp.soon(5, 'c');
    catchUp.soon(5, 'b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reloads).toBe(0);
    expect(asked).toEqual([['b', 'c']]);
    expect(replaced).toEqual(['b', 'c']);
  });

  it('al empezar la suscripción vuelve a leer por id los más nuevos en pantalla y luego lo posterior', async () => {
    // A file fetched or a tick that changed before the live stream started reached nobody.
    const calls: string[] = [];
    const catchUp = new LiveCatchUp(
      (after) => {
        calls.push(`after ${after}`);
        return Promise.resolve([item('y')]);
      },
      () => Promise.resolve(),
      (items) => calls.push(`append ${items.map((each) => each.id).join()}`),
      {
        fetch: (ids) => {
          calls.push(`fetch ${ids.join()}`);
          return Promise.resolve(ids.map(item));
        },
        replace: (items) => calls.push(`replace ${items.map((each) => each.id).join()}`),
      },
    );
    catchUp.saw('x');
    await catchUp.recheck(['v', 'w', 'x']);
    expect(calls).toEqual(['fetch v,w,x', 'replace v,w,x', 'after x', 'append y']);
  });

  it('si la consulta falla, lo vuelve a pedir en la siguiente vuelta', async () => {
    let failures = 1;
    const asked: string[][] = [];
    const catchUp = new LiveCatchUp(
      () => Promise.resolve([]),
      () => Promise.resolve(),
      () => {},
      {
        fetch: (ids) => {
          asked.push(ids);
          if (failures-- > 0) return Promise.reject(new Error('sin red'));
          return Promise.resolve(ids.map(item));
        },
        replace: () => {},
      },
    );
    catchUp.saw('z');
    catchUp.soon(5, 'b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await catchUp.run();
    expect(asked).toEqual([['b'], ['b']]);
  });
});
