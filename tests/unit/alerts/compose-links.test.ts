import { describe, expect, it } from 'vitest';
import { composeMail } from '../../../sync-server/mail/compose.ts';

const row = (body: string) => ({ id: 7, to_address: 'maria@example.com', subject: 'Тема', body });

describe('mail polish (issue 18): links and language', () => {
  it("makes the mail's absolute links followable in the HTML part, and nothing else markup", () => {
    const mail = composeMail(
      row('Отворете:\nhttps://shop.example.bg/newsletter/confirm?token=abc&x=1'),
      'S <s@x.bg>',
      'x.bg',
    );
    expect(mail.html).toContain(
      '<a href="https://shop.example.bg/newsletter/confirm?token=abc&amp;x=1">https://shop.example.bg/newsletter/confirm?token=abc&amp;x=1</a>',
    );
    const forged = composeMail(row('https://x.bg/"><script>alert(1)</script>'), 'S <s@x.bg>', 'x.bg');
    expect(forged.html).not.toContain('<script>');
    expect(forged.html).not.toMatch(/<a [^>]*"><script/);
  });

  it('marks the HTML with the language the mail is written in', () => {
    expect(composeMail(row('Здравейте!'), 'S <s@x.bg>', 'x.bg').html).toContain('<html lang="bg">');
    expect(composeMail(row('Hello!'), 'S <s@x.bg>', 'x.bg').html).toContain('<html lang="en">');
  });
});
