import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../sync-server/observability/logger.ts';

const EGN = '0543151230';
const CARD = '4111111111111111';

describe('the logger’s redaction', () => {
  it('given secrets nested in a logged object, when written, then each is replaced and the rest kept', () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString('utf8');
        done();
      },
    });
    createLogger('info', sink).info(
      {
        commandId: 'c-1',
        payload: { creditDetails: { egn: EGN, fullName: 'Ян Петров' }, card: { cardNumber: CARD } },
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'sid=1' } },
        body: { password: 'p4ss-word', newPassword: 'n3w-word', token: 'reset-secret', ticket: 't-1' },
      },
      'a line about a command',
    );
    for (const secret of [EGN, CARD, 'abc.def', 'sid=1', 'p4ss-word', 'n3w-word', 'reset-secret', 't-1']) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('"commandId":"c-1"');
    expect(written).toContain('Ян Петров');
    expect(written).toContain('[redacted]');
  });
});
