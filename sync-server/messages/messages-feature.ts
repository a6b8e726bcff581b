import type { Review } from '../../schema/catalog/content.ts';
import type { CommandType, TypedCommand } from '../../schema/index.ts';
import { enqueueMails } from '../accounts/outbox.ts';
import {
  decideMessage,
  isMessageCommand,
  MESSAGE_COMMAND_TYPES,
  needsChallenge,
  type ChallengeCheck,
  type FloodVerdict,
  type MessageCommand,
} from '../../schema/messages/message-rules.ts';
import { countAttempt, limitKey } from '../accounts/rate-limit.ts';
import { challengeConfig, challengeKey, checkSolution, spendChallenge } from '../challenge/index.ts';
import { outcomeOf, type ServerFeature } from '../features/feature.ts';
import type { Sql } from '../store/database.ts';
import { receiptMail, shopMail, type MessageMail } from './message-mails.ts';
import {
  insertReviews,
  newReviewIds,
  productIdsBySku,
  productNamesBySku,
  REVIEW_PENDING,
  reviewedProducts,
  type NewReview,
} from './message-store.ts';
import { messagesConfig, type MessagesConfig } from './messages-config.ts';

/** The e-mail a message is sent from, when it carries one (counted apart from the owner). */
const senderEmail = (command: MessageCommand): string | undefined =>
  'email' in command.payload ? command.payload.email?.toLowerCase() : undefined;

/** One attempt counted for the owner and for the e-mail: refused when either is over its limit. */
const countFlood = async (tx: Sql, command: MessageCommand, config: MessagesConfig): Promise<FloodVerdict> => {
  const window = config.MESSAGES_WINDOW_S;
  const verdicts = [
    await countAttempt(tx, limitKey('message-owner', command.owner), {
      max: config.MESSAGES_OWNER_MAX,
      windowSeconds: window,
    }),
  ];
  const email = senderEmail(command);
  if (email)
    verdicts.push(
      await countAttempt(tx, limitKey('message-email', email), {
        max: config.MESSAGES_EMAIL_MAX,
        windowSeconds: window,
      }),
    );
  const refused = verdicts.filter((v) => !v.allowed);
  return refused.length === 0
    ? { allowed: true, retryAfter: 0 }
    : { allowed: false, retryAfter: Math.max(...refused.map((v) => v.retryAfter)) };
};

/** The proof-of-work of a guest's message: checked, then spent (a solution works once). */
const checkChallenge = async (
  tx: Sql,
  command: MessageCommand,
  key: () => Promise<string>,
): Promise<ChallengeCheck> => {
  if (!needsChallenge(command)) return 'not_needed';
  const response = 'recaptcha_response' in command.payload ? command.payload.recaptcha_response : undefined;
  if (!response) return 'missing';
  const checked = await checkSolution(await key(), response);
  return checked === 'ok' ? spendChallenge(tx, response) : checked;
};

/**
 * Reviews, product inquiries, contact messages and feedback (issue 18): each a command, executed once. Nothing is
 * replicated back but the outcome: a review is a pending row of the catalogue's `reviews` (public once an operator
 * approves it, sync-server/reviews), a message a mail in the outbox. Everything the rules need is read in `open`
 * (the proof-of-work's check, the flood counts, the products and the owners' reviews), as handle() is synchronous;
 * the counts and spent challenges are written in the batch's transaction, so a retried batch counts once.
 */
export const messagesFeature: ServerFeature = {
  name: 'messages',
  commands: MESSAGE_COMMAND_TYPES as readonly CommandType[],
  readModels: [],
  // The owner's reviews, published or not (inquiries and contact messages are mails: the kernel's export lists them).
  async exportOwnerData(sql, owner) {
    const reviews = await sql.query<{ sku: string; review_status: number; doc: Record<string, unknown> }>(
      'SELECT sku, review_status::int AS review_status, doc FROM reviews WHERE owner = $1 ORDER BY id',
      [owner],
    );
    return { reviews: reviews.map((row) => ({ sku: row.sku, status: row.review_status, ...row.doc })) };
  },

  async open(tx, commands, now) {
    const config = messagesConfig();
    const challenge = challengeConfig();
    const messages = commands.filter(isMessageCommand);
    const reviews = messages.filter((c) => c.type === 'review.create');
    const productIds = await productIdsBySku(
      tx,
      reviews.map((c) => c.payload.sku),
    );
    const productNames = await productNamesBySku(
      tx,
      messages.flatMap((c) => (c.type === 'inquiry.send' || c.type === 'review.create' ? [c.payload.sku] : [])),
    );
    const reviewed = await reviewedProducts(
      tx,
      reviews.map((c) => c.owner),
    );
    const ids = await newReviewIds(tx, reviews.length);
    let keyRead: Promise<string> | undefined;
    const key = () => (keyRead ??= challengeKey(tx, challenge.CHALLENGE_HMAC_KEY));

    const facts = new Map<string, { challenge: ChallengeCheck; flood: FloodVerdict }>();
    for (const command of messages) {
      const checked = await checkChallenge(tx, command, key);
      facts.set(command.id, { challenge: checked, flood: await countFlood(tx, command, config) });
    }

    const nameOf = (command: MessageCommand): string | undefined =>
      command.type === 'inquiry.send' || command.type === 'review.create'
        ? productNames.get(command.payload.sku)
        : undefined;
    const newReviews: NewReview[] = [];
    const mails: MessageMail[] = [];
    return {
      handle(command: TypedCommand) {
        if (!isMessageCommand(command)) throw new Error(`not a message command: ${command.type}`);
        const known = facts.get(command.id);
        if (!known) throw new Error(`message ${command.id} was not opened`);
        const isReview = command.type === 'review.create';
        const decision = decideMessage(command, {
          ...known,
          ...(isReview
            ? { productId: productIds.get(command.payload.sku), reviewed: reviewed.get(command.owner) ?? new Set() }
            : {}),
        });
        if (decision.kind === 'rejected') return outcomeOf(decision);
        if (decision.effect.type === 'mail' || command.type !== 'review.create') {
          mails.push(shopMail(command, config.SHOP_MAIL_TO, nameOf(command)));
          const receipt = receiptMail(command, nameOf(command));
          if (receipt) mails.push(receipt);
          return outcomeOf({ kind: 'accepted', result: { sent: true } });
        }
        const productId = decision.effect.productId;
        const id = ids.shift();
        if (id === undefined) throw new Error('no review id left for the batch');
        reviewed.get(command.owner)?.add(productId);
        const p = command.payload;
        const review: Review = {
          id,
          product_id: productId,
          title: p.title ?? '',
          detail: p.text,
          nickname: p.nickname,
          rating: p.rating,
          review_status: REVIEW_PENDING,
          created_at: new Date(now).toISOString(),
        };
        newReviews.push({ review, owner: command.owner, sku: p.sku, commandId: command.id });
        mails.push(shopMail(command, config.SHOP_MAIL_TO, nameOf(command), { reviewId: id, productId }));
        return outcomeOf({ kind: 'accepted', result: { reviewId: id, productId, status: 'pending' } });
      },
      async persist(sql) {
        await insertReviews(sql, newReviews);
        await enqueueMails(sql, mails);
      },
    };
  },
};
