import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@cartera/db/factories';
import { useDemoApp } from '../../testing/demo-app';
import type { GroupNode } from './sellers.service';

const env = useDemoApp({});

beforeAll(async () => {
  // An inactive seller never counts.
  await createUser(env.database.handle.db, env.demo.north, {
    email: 'baja@demo.test',
    active: false,
  });
});

const panelOf = (email: string) => env.call(email, 'seller.panel');

const emails = (node: GroupNode): string[] => [
  ...node.sellers.map((seller) => seller.email),
  ...node.children.flatMap(emails),
];

describe('panel de vendedores', () => {
  it('el comercial ve toda la empresa con los conteos por grupo', async () => {
    const { data } = await panelOf('comercial@demo.test');
    expect(data?.companyTotal).toBe(4);
    expect(data?.total).toBe(4);
    expect(data?.root.name).toBe('Demo Uruguay');
    expect(data?.root.children.map((group) => [group.name, group.count])).toEqual([
      ['Equipo Norte', 2],
      ['Equipo Sur', 2],
    ]);
    expect(emails(data!.root).sort()).toEqual([
      'cambio@demo.test',
      'jail@demo.test',
      'vendedor@demo.test',
      'vendedora@demo.test',
    ]);
  });

  it('el supervisor ve solo su grupo y no la empresa', async () => {
    const { data } = await panelOf('supervisor@demo.test');
    expect(data?.companyTotal).toBeNull();
    expect(data?.root.id).toBe(env.demo.north.id);
    expect(emails(data!.root).sort()).toEqual(['jail@demo.test', 'vendedor@demo.test']);
  });

  it('solo supervisores y comerciales lo ven', async () => {
    for (const email of ['vendedor@demo.test', 'proyecto@demo.test', 'admin@demo.test']) {
      expect((await panelOf(email)).status, email).toBe(403);
    }
  });
});
