import { describe, expect, it } from 'vitest';
import { failureCause } from '../../../sync-server/executor/failure-cause.ts';

describe("a failure's cause as the console keeps it", () => {
  it('given a TypeError, then its name and message are kept', () => {
    expect(failureCause(new TypeError('cannot read x of undefined'))).toEqual({
      name: 'TypeError',
      message: 'cannot read x of undefined',
    });
  });

  it('given a database error with a code and the values it refused, then the code names it and no value stays', () => {
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint: Key (email)=(ivan@example.bg)'),
      {
        code: '23505',
      },
    );
    expect(failureCause(error)).toEqual({
      name: 'Error 23505',
      message: 'duplicate key value violates unique constraint: Key (email)[value]',
    });
  });

  it('given e-mails, an ЕГН, a phone and quoted names in the message, then each is masked', () => {
    const { message } = failureCause(
      new Error(`no user "Иван Петров" for maria@example.com, ЕГН 7501010010, tel 0888 123 456`),
    );
    expect(message).toBe('no user [value] for [email], ЕГН [number], tel [number]');
  });

  it('given a long message, then it is cut to 300 characters', () => {
    expect(failureCause(new Error('x'.repeat(1000))).message).toHaveLength(300);
  });

  it('given a thrown string, then it is named NonError', () => {
    expect(failureCause('boom')).toEqual({ name: 'NonError', message: 'boom' });
  });
});
