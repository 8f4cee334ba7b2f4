import { describe, expect, it } from 'vitest';
import { nextContactQuery } from './contact-origin';

describe('siguiente contacto', () => {
  const me = '0190a000-0000-7000-8000-000000000001';
  const other = '0190a000-0000-7000-8000-000000000002';
  it("lee la bandeja de origen: 'Conversaciones' propia o de otro vendedor, o 'Inbox'", () => {
    expect(nextContactQuery(undefined, me)).toEqual({ inbox: 'conversations' });
    expect(nextContactQuery('me', me)).toEqual({ inbox: 'conversations' });
    expect(nextContactQuery(me, me)).toEqual({ inbox: 'conversations' });
    expect(nextContactQuery(other, me)).toEqual({ inbox: 'conversations', agentId: other });
    expect(nextContactQuery('unassigned', me)).toEqual({ inbox: 'unassigned' });
    expect(nextContactQuery('sharedinbox', me)).toBeNull();
    expect(nextContactQuery(`shared:${other}`, me)).toEqual({
      inbox: 'shared',
      sharedInboxId: other,
    });
    expect(nextContactQuery('shared:nada', me)).toBeNull();
  });
});
