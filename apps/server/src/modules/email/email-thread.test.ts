import { describe, expect, it } from 'vitest';
import { ZEmailContent } from '@cartera/domain/interactions';
import { answersAfterWhatTheyAnswer } from './email-thread.service';

const mail = (messageId: string, references: string[] = []) => ({
  id: messageId,
  content: ZEmailContent.parse({ messageId, references, inReplyTo: references.at(-1) ?? null }),
});

describe('el orden de un hilo', () => {
  it('una respuesta fechada antes de lo que responde va después; el resto queda por fecha', () => {
    const first = mail('<a@x>');
    const reply = mail('<b@x>', ['<a@x>']);
    const answer = mail('<c@x>', ['<a@x>', '<b@x>']);
    const other = mail('<d@x>', ['<a@x>']);
    const ids = (list: Array<{ id: string }>) => list.map((each) => each.id);
    expect(ids(answersAfterWhatTheyAnswer([first, answer, reply, other]))).toEqual([
      '<a@x>',
      '<b@x>',
      '<c@x>',
      '<d@x>',
    ]);
    expect(ids(answersAfterWhatTheyAnswer([answer, reply, first]))).toEqual([
      '<a@x>',
      '<b@x>',
      '<c@x>',
    ]);
  });

  it('referencias que se dan la vuelta no cuelgan el orden', () => {
    const one = mail('<a@x>', ['<b@x>']);
    const two = mail('<b@x>', ['<a@x>']);
    expect(answersAfterWhatTheyAnswer([one, two])).toHaveLength(2);
  });
});
