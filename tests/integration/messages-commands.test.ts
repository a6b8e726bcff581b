import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeAnswerSchema, type ChallengeResponse } from '../../schema/challenge/index.ts';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 18: reviews, inquiries, contact messages and feedback as commands, through the real push and executor:
 * executed once under a repeated push, mailed for real (SMTP), guarded by the self-hosted proof-of-work (a reused
 * solution refused) and by flood limits (refused clearly, nothing stored), and reviews through moderation.
 */
describe(`messages to the shop (${storeKind})`, () => {
  let smtp: SmtpCatcher;
  let server: RunningServer;
  const SHOP = 'shop-inbox@test.apple-store.bg';
  const saved = { ...process.env };

  beforeAll(async () => {
    // A cheap challenge (the test solves several), and the shop's inbox (read when used).
    Object.assign(process.env, { CHALLENGE_MAX_COUNTER: '300', SHOP_MAIL_TO: SHOP });
    smtp = await startSmtpCatcher();
    server = await startTestServer(undefined, 'on', undefined, {
      SMTP_URL: smtp.url,
      MAIL_DOMAIN: 'test.apple-store.bg',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    process.env = saved;
  });

  const solvedChallenge = async (): Promise<ChallengeResponse> => {
    const answer = challengeAnswerSchema.parse(await (await fetch(`${server.url}/api/challenge`)).json());
    const solution = await solveChallenge({ challenge: answer.result, deriveKey });
    if (!solution) throw new Error('challenge not solved');
    return { challenge: answer.result, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  };

  /** A logged-in user speaking the raw protocol (createGuest's twin with the user's token). */
  const protocolUser = async (label: string) => {
    const { owner, token, email } = await registerLoggedInUser(server.url, label);
    const clientId = `client-${uuidv7()}`;
    let seq = 0;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    return {
      owner,
      token,
      email,
      command<T extends CommandType>(type: T, payload: PayloadInputOf<T>): CommandDocument {
        seq += 1;
        return pendingCommand({ owner, clientId, seq }, type, payload);
      },
      async push(docs: CommandDocument[]) {
        const res = await fetch(`${server.url}/sync/commands/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ rows: docs.map((d) => ({ newDocumentState: d })) }),
        });
        expect(res.status).toBe(200);
      },
      async settled(ids: string[]): Promise<CommandDocument[]> {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const res = await fetch(`${server.url}/sync/commands/pull?after=0&limit=1000`, { headers });
          const { documents } = (await res.json()) as { documents: CommandDocument[] };
          const mine = ids.map((id) => documents.find((d) => d.id === id));
          if (mine.every((d) => d && d.status !== 'pending')) return mine as CommandDocument[];
          if (Date.now() > deadline) throw new Error('commands not settled');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
  };

  const outbox = (to: string, marker: string) =>
    server.db.query<{ kind: string; subject: string; body: string }>(
      'SELECT kind, subject, body FROM mail_outbox WHERE to_address = $1 AND body LIKE $2 ORDER BY id',
      [to, `%${marker}%`],
    );

  it("a guest's inquiry pushed twice is sent once: one mail to the shop (arriving by SMTP) and one receipt", async () => {
    const guest = await createGuest(server.url);
    const marker = `Inquiry-${uuidv7()}`;
    const inquiry = guest.command('inquiry.send', {
      sku: 'APP3',
      name: 'Петя Иванова',
      email: 'petya.inquiry@example.bg',
      message: `Кога ще имате отново? ${marker} & MacBook < 1000 лв.`,
      recaptcha_response: await solvedChallenge(),
    });
    await guest.push([inquiry]);
    await guest.push([inquiry]);
    const [settled] = await guest.settled([inquiry.id]);
    expect(settled).toMatchObject({ status: 'succeeded', result: { sent: true } });

    const shop = await outbox(SHOP, marker);
    expect(shop).toHaveLength(1);
    // The product by its name, its sku beside it for the shop (issue 29, item 18).
    expect(shop[0]!.subject).toContain('AirPods Pro 3');
    expect(
      await server.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', ['petya.inquiry@example.bg']),
    ).toHaveLength(1);

    const mails = await smtp.waitFor(2);
    const toShop = mails.find((m) => m.text?.includes(marker));
    expect(toShop?.html).toContain('&amp; MacBook &lt; 1000 лв.');
    expect(toShop?.text).toContain('Продукт / Product: AirPods Pro 3 (APP3)');
    const receipt = mails.find((m) => m.subject?.includes('We have received your inquiry'));
    expect(receipt?.text).toContain('запитването за AirPods Pro 3.');
    expect(receipt?.text).toContain('your inquiry about AirPods Pro 3.');
  });

  it('a solved challenge works once: the same solution on a second message is refused, and a guest without one too', async () => {
    const guest = await createGuest(server.url);
    const response = await solvedChallenge();
    const marker = `Contact-${uuidv7()}`;
    const form = {
      name: 'Петя Иванова',
      email: 'petya.contact@example.bg',
      message: `Имате ли сервиз в Пловдив? ${marker}`,
      terms1: true as const,
      terms2: false,
      terms3: true,
    };
    const first = guest.command('contact.send', { ...form, recaptcha_response: response });
    const replayed = guest.command('contact.send', { ...form, recaptcha_response: response });
    const without = guest.command('contact.send', form);
    await guest.push([first, replayed, without]);
    const [a, b, c] = await guest.settled([first.id, replayed.id, without.id]);
    expect(a).toMatchObject({ status: 'succeeded' });
    expect(b).toMatchObject({
      status: 'rejected',
      error: { code: 'challenge_failed', field: 'payload.recaptcha_response' },
    });
    expect(b!.error?.message).toContain('used already');
    expect(c).toMatchObject({ status: 'rejected', error: { code: 'challenge_failed' } });
    expect(await outbox(SHOP, marker)).toHaveLength(1);
  });

  it('HTML in a field: the push is refused naming the field, and nothing is stored', async () => {
    const guest = await createGuest(server.url);
    const marker = `Html-${uuidv7()}`;
    const feedback = guest.command('feedback.send', { message: `<script>alert(1)</script> ${marker}` });
    const answer = await guest.pushRaw({ rows: [{ newDocumentState: feedback }] });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('payload.message');
    expect(await server.db.query('SELECT 1 FROM commands WHERE id = $1', [feedback.id])).toHaveLength(0);
    expect(await outbox(SHOP, marker)).toHaveLength(0);
  });

  it('a flood of messages from one sender is refused with a retry time once over the limit, and nothing more is mailed', async () => {
    const user = await protocolUser('flood');
    const marker = `Flood-${uuidv7()}`;
    // MESSAGES_OWNER_MAX is 10 an hour by default; a user needs no challenge.
    const commands = Array.from({ length: 12 }, (_, i) =>
      user.command('feedback.send', { message: `Съобщение ${i} ${marker}`, page: '/iphone' }),
    );
    await user.push(commands);
    const settled = await user.settled(commands.map((c) => c.id));
    expect(settled.slice(0, 10).every((c) => c.status === 'succeeded')).toBe(true);
    for (const refused of settled.slice(10)) {
      expect(refused).toMatchObject({ status: 'rejected', error: { code: 'too_many_messages' } });
      expect(refused.error?.message).toMatch(/Try again in \d+ s\./);
    }
    expect(await outbox(SHOP, marker)).toHaveLength(10);
  });

  it('a flood from one e-mail is refused across guests: a new guest token does not reset the count', async () => {
    const email = `flooder-${Date.now()}@example.bg`;
    const marker = `EmailFlood-${uuidv7()}`;
    const outcomes: CommandDocument[] = [];
    // MESSAGES_EMAIL_MAX is 5 an hour by default.
    for (let i = 0; i < 6; i++) {
      const guest = await createGuest(server.url);
      const inquiry = guest.command('inquiry.send', {
        sku: 'APP3',
        name: 'Спам Спамов',
        email,
        message: `Запитване ${i} ${marker}`,
        recaptcha_response: await solvedChallenge(),
      });
      await guest.push([inquiry]);
      outcomes.push(...(await guest.settled([inquiry.id])));
    }
    expect(outcomes.map((c) => c.status)).toEqual([...Array<string>(5).fill('succeeded'), 'rejected']);
    expect(outcomes[5]!.error?.code).toBe('too_many_messages');
    expect(await outbox(SHOP, marker)).toHaveLength(5);
  });

  it('a review waits for moderation, one per user and product; approved, it is listed and replicated', async () => {
    const user = await protocolUser('reviewer');
    const operator = await registerLoggedInUser(server.url, 'review-operator');
    await server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [operator.owner]);
    const list = async () =>
      (
        (await (await fetch(`${server.url}/api/review/list?product_id=7`)).json()) as {
          result: { items: { id: number }[] };
        }
      ).result.items;

    const marker = `Отзив ${uuidv7().slice(-8)}`;
    const review = user.command('review.create', {
      sku: 'APP3',
      rating: 4,
      title: marker,
      text: 'Много добър звук.',
      nickname: 'Петя',
    });
    const again = user.command('review.create', { sku: 'APP3', rating: 1, text: 'Пак аз.', nickname: 'Петя' });
    await user.push([review, again]);
    const [created, second] = await user.settled([review.id, again.id]);
    expect(created).toMatchObject({ status: 'succeeded', result: { status: 'pending' } });
    expect(second).toMatchObject({ status: 'rejected', error: { code: 'review_exists', field: 'payload.sku' } });
    const { reviewId, productId } = created!.result as { reviewId: number; productId: number };
    expect(productId).toBe(7);
    expect((await list()).map((r) => r.id)).not.toContain(reviewId);
    expect((await outbox(SHOP, marker))[0]?.subject).toContain('New review awaiting moderation');
    expect((await outbox(SHOP, marker))[0]?.subject).toContain('AirPods Pro 3');

    const guest = await createGuest(server.url);
    const byGuest = guest.command('review.create', { sku: 'APP3', rating: 5, text: 'Гост.', nickname: 'Гост' });
    await guest.push([byGuest]);
    expect((await guest.settled([byGuest.id]))[0]).toMatchObject({ error: { code: 'review_login_required' } });

    const as = { authorization: `Bearer ${operator.token}` };
    expect(
      (await fetch(`${server.url}/api/operator/reviews`, { headers: { authorization: `Bearer ${user.token}` } }))
        .status,
    ).toBe(403);
    const pending = (await (await fetch(`${server.url}/api/operator/reviews`, { headers: as })).json()) as {
      result: { review: { id: number; title: string } }[];
    };
    expect(pending.result.find((p) => p.review.id === reviewId)?.review.title).toBe(marker);

    const before = (await guest.pull<{ key: string }>('catalog')).checkpoint.serverSeq;
    const approved = await postJson(server.url, `/api/operator/reviews/${reviewId}/approve`, {}, operator.token);
    expect(approved).toMatchObject({ status: 200, body: { result: { id: reviewId, review_status: 1 } } });
    expect((await list()).map((r) => r.id)).toContain(reviewId);
    const changed = await guest.pull<{ key: string; doc: { review_status: number } }>('catalog', before);
    expect(changed.documents.find((d) => d.key === `review:${reviewId}`)?.doc.review_status).toBe(1);

    // Approving again answers the same; refusing an approved one is a conflict; an unknown id is a 404.
    expect((await postJson(server.url, `/api/operator/reviews/${reviewId}/approve`, {}, operator.token)).status).toBe(
      200,
    );
    expect((await postJson(server.url, `/api/operator/reviews/${reviewId}/refuse`, {}, operator.token)).status).toBe(
      409,
    );
    expect((await postJson(server.url, `/api/operator/reviews/999999999999/refuse`, {}, operator.token)).status).toBe(
      404,
    );
  });
});
