import { describe, expect, it } from 'vitest';
import { parseCommand, type TypedCommand } from '../../../schema/index.ts';
import type { MessageCommand } from '../../../schema/messages/index.ts';
import { composeMail } from '../../../sync-server/mail/compose.ts';
import { receiptMail, shopMail } from '../../../sync-server/messages/message-mails.ts';

const command = (type: string, payload: Record<string, unknown>): MessageCommand => {
  const parsed = parseCommand({
    id: '0190a1b2-0000-7000-8000-0000000000ac',
    type,
    payload,
    owner: 'guest-0190a1b2-0000-7000-8000-000000000002',
    clientId: 'client-1',
    seq: 1,
    createdAt: 1,
    status: 'pending',
    serverSeq: 0,
  });
  if (!parsed.ok) throw new Error(`${parsed.field}: ${parsed.message}`);
  return parsed.command as TypedCommand as MessageCommand;
};

const inquiry = command('inquiry.send', {
  sku: 'APP3',
  name: 'Петя "Ваучер" Иванова',
  email: 'victim@example.bg',
  phone: '+359 888 123 456',
  message: 'Купете евтино на spam.example & MacBook < 1000 лв.',
});

describe('the mails of a message', () => {
  it('the shop gets everything the sender wrote, and its HTML part escapes it', () => {
    const mail = shopMail(inquiry, 'shop@apple-store.bg');
    expect(mail.to).toBe('shop@apple-store.bg');
    expect(mail.body).toContain('victim@example.bg');
    expect(mail.body).toContain('+359 888 123 456');
    const sent = composeMail({ id: 1, to_address: mail.to, subject: mail.subject, body: mail.body }, 'shop@x', 'x');
    expect(sent.html).toContain('&amp; MacBook &lt; 1000 лв.');
    expect(sent.html).toContain('Петя &quot;Ваучер&quot; Иванова');
  });

  it("the sender's receipt repeats nothing they wrote: a form filled with someone else's address carries no text to them", () => {
    const receipt = receiptMail(inquiry)!;
    expect(receipt.to).toBe('victim@example.bg');
    for (const written of ['Петя', 'spam.example', '888 123']) expect(receipt.body).not.toContain(written);
  });

  it('feedback and reviews get no receipt (no address to answer, or nothing to answer yet)', () => {
    expect(receiptMail(command('feedback.send', { message: 'Сайтът е бърз.' }))).toBeUndefined();
    expect(
      receiptMail(command('review.create', { sku: 'APP3', rating: 5, text: 'Добър.', nickname: 'Петя' })),
    ).toBeUndefined();
  });

  it('a sku in a subject keeps only what skus are made of', () => {
    const odd = command('inquiry.send', { ...inquiry.payload, sku: 'APP3\r\nBcc: x@y' });
    const subject = shopMail(odd, 'shop@apple-store.bg').subject;
    expect(subject).not.toMatch(/[\r\n@]/);
    expect(subject).toContain('APP3??Bcc? x?y');
  });
});
