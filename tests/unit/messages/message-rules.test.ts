import { describe, expect, it } from 'vitest';
import { parseCommand, type TypedCommand } from '../../../schema/index.ts';
import {
  decideMessage,
  needsChallenge,
  retryAfterOf,
  type MessageCommand,
  type MessageFacts,
} from '../../../schema/messages/index.ts';

const USER = 'user-0190a1b2-0000-7000-8000-000000000001';
const GUEST = 'guest-0190a1b2-0000-7000-8000-000000000002';

const command = (type: string, payload: Record<string, unknown>, owner = USER): MessageCommand => {
  const parsed = parseCommand({
    id: '0190a1b2-0000-7000-8000-0000000000aa',
    type,
    payload,
    owner,
    clientId: 'client-1',
    seq: 1,
    createdAt: 1,
    status: 'pending',
    serverSeq: 0,
  });
  if (!parsed.ok) throw new Error(`${parsed.field}: ${parsed.message}`);
  return parsed.command as TypedCommand as MessageCommand;
};

const review = (owner = USER) =>
  command('review.create', { sku: 'APP3', rating: 5, text: 'Чудесен звук.', nickname: 'Петя' }, owner);
const contact = (owner = GUEST) =>
  command(
    'contact.send',
    {
      name: 'Петя Иванова',
      email: 'petya@example.bg',
      message: 'Имате ли магазин в Пловдив?',
      terms1: true,
      terms2: false,
      terms3: false,
    },
    owner,
  );

const fine: MessageFacts = { challenge: 'ok', flood: { allowed: true, retryAfter: 0 } };

describe('messages: the rules', () => {
  it('given a user and a product they have not reviewed, when they review it, then a pending review of it', () => {
    expect(decideMessage(review(), { ...fine, challenge: 'not_needed', productId: 7, reviewed: new Set([3]) })).toEqual(
      {
        kind: 'accepted',
        effect: { type: 'review', productId: 7 },
      },
    );
  });

  it('given a user who reviewed the product, when they review it again, then review_exists naming the sku', () => {
    expect(decideMessage(review(), { ...fine, productId: 7, reviewed: new Set([7]) })).toMatchObject({
      kind: 'rejected',
      code: 'review_exists',
      field: 'payload.sku',
    });
  });

  it('given a guest, when they review, then review_login_required (one review per user needs an account)', () => {
    expect(decideMessage(review(GUEST), { ...fine, productId: 7, reviewed: new Set() })).toMatchObject({
      kind: 'rejected',
      code: 'review_login_required',
    });
  });

  it('given a sku the catalogue does not have, when reviewed, then product_not_found', () => {
    expect(decideMessage(review(), { ...fine, productId: undefined, reviewed: new Set() })).toMatchObject({
      code: 'product_not_found',
      field: 'payload.sku',
    });
  });

  it("given a guest's contact message, then it needs the proof-of-work; a user's does not, nor a review", () => {
    expect(needsChallenge(contact(GUEST))).toBe(true);
    expect(needsChallenge(contact(USER))).toBe(false);
    expect(needsChallenge(review(USER))).toBe(false);
  });

  it.each(['missing', 'invalid', 'expired', 'used'] as const)(
    'given a challenge %s, when a guest sends, then challenge_failed naming recaptcha_response',
    (state) => {
      expect(decideMessage(contact(), { ...fine, challenge: state })).toMatchObject({
        kind: 'rejected',
        code: 'challenge_failed',
        field: 'payload.recaptcha_response',
      });
    },
  );

  it('given a sender over the limit, when they send, then too_many_messages with the wait in seconds', () => {
    const decision = decideMessage(contact(), { ...fine, flood: { allowed: false, retryAfter: 1234 } });
    expect(decision).toMatchObject({ kind: 'rejected', code: 'too_many_messages' });
    expect(retryAfterOf(decision.kind === 'rejected' ? decision.message : undefined)).toBe(1234);
  });

  it('given a solved challenge within the limit, when a guest sends a contact message, then a mail', () => {
    expect(decideMessage(contact(), fine)).toEqual({ kind: 'accepted', effect: { type: 'mail' } });
  });
});

describe('messages: bad input is refused naming the field', () => {
  const refusal = (type: string, payload: Record<string, unknown>) => {
    const parsed = parseCommand({
      id: '0190a1b2-0000-7000-8000-0000000000ab',
      type,
      payload,
      owner: GUEST,
      clientId: 'client-1',
      seq: 1,
      createdAt: 1,
      status: 'pending',
      serverSeq: 0,
    });
    return parsed.ok ? undefined : parsed.field;
  };
  const inquiry = { sku: 'APP3', name: 'Петя', email: 'petya@example.bg', message: 'Кога ще има пак?' };

  it('HTML or script in any text field', () => {
    expect(refusal('inquiry.send', { ...inquiry, message: 'Hi <script>alert(1)</script>' })).toBe('payload.message');
    expect(refusal('inquiry.send', { ...inquiry, name: '<b>Петя</b>' })).toBe('payload.name');
    expect(refusal('feedback.send', { message: 'see javascript:alert(1)' })).toBe('payload.message');
    expect(
      refusal('review.create', { sku: 'APP3', rating: 4, text: 'Добър', nickname: 'Петя', title: '<img src=x>' }),
    ).toBe('payload.title');
  });

  it('text that only looks like markup passes ("< 1000 лв.")', () => {
    expect(refusal('inquiry.send', { ...inquiry, message: 'Имате ли MacBook < 1000 лв.? <3' })).toBeUndefined();
  });

  it('the contact form needs terms1 accepted; terms2 and terms3 are the sender’s choice', () => {
    const form = { name: 'Петя', email: 'petya@example.bg', message: 'Здравейте!', terms2: false, terms3: true };
    expect(refusal('contact.send', { ...form, terms1: false })).toBe('payload.terms1');
    expect(refusal('contact.send', { ...form, terms1: true })).toBeUndefined();
  });

  it('a rating outside 1..5, a bad e-mail, a page that is not a path', () => {
    expect(refusal('review.create', { sku: 'APP3', rating: 6, text: 'Добър', nickname: 'Петя' })).toBe(
      'payload.rating',
    );
    expect(refusal('inquiry.send', { ...inquiry, email: 'petya' })).toBe('payload.email');
    expect(refusal('feedback.send', { message: 'Добре е', page: 'https://evil.example/' })).toBe('payload.page');
  });
});
