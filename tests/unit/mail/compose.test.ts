import { describe, expect, it } from 'vitest';
import { composeMail, SHOP_SIGNATURE } from '../../../sync-server/mail/compose.ts';
import { retryDelayMs } from '../../../sync-server/mail/mail-worker.ts';

const row = (body: string) => ({ id: 42, to_address: 'maria@example.com', subject: 'Поръчка', body });

describe('a mail as sent', () => {
  it('shows what a shopper typed as text, never as markup, in the HTML part', () => {
    const mail = composeMail(row('Адрес: <script>alert(1)</script> & "Витоша"'), 'Shop <s@x.bg>', 'x.bg');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Витоша&quot;');
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  it("keeps the text's paragraphs and lines, and signs both parts with the shop's contact details", () => {
    const mail = composeMail(row('Здравейте!\n\nРед 1\nРед 2'), 'Shop <s@x.bg>', 'x.bg');
    expect(mail.html).toContain('<p>Здравейте!</p>');
    expect(mail.html).toContain('<p>Ред 1<br>Ред 2</p>');
    for (const line of SHOP_SIGNATURE) expect(mail.text).toContain(line);
    expect(mail.html).toContain('0700 10 800');
  });

  it("carries its outbox row's Message-ID, the same on every try", () => {
    expect(composeMail(row('a'), 'Shop <s@x.bg>', 'x.bg').messageId).toBe('<outbox-42@x.bg>');
    expect(composeMail(row('b'), 'Shop <s@x.bg>', 'x.bg').messageId).toBe('<outbox-42@x.bg>');
  });
});

describe('the wait before the next try', () => {
  it('is 30 s after the first failure, doubles, and stops growing at 6 h', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(21_600_000);
  });
});
