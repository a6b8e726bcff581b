import { firstValueFrom } from 'rxjs';
import { isSettled, type CommandDocument } from '../../../../schema/commands/envelope.ts';
import { paymentStartResultSchema } from '../../../../schema/payments/payment-commands.ts';
import type { Device } from '../../node-client.ts';
import { waitFor } from '../../wait.ts';
import { isOnline, type PayPlan } from './pay-plan.ts';

/**
 * A shopper paying an order online on a simulated device, as client/payments/pay.ts and the browser do it: the
 * device dispatches `payment.start` through its sync core, waits for its outcome, asks the store for the browser's
 * step (`beginPayment`), then follows it as a browser would, by HTTP: BORICA's signed form posted to the gateway,
 * its card page submitted, the answer page's form posted back to the store's BACKREF; PayPal's approve page
 * followed, approved, and its redirect to the store's return followed; credit: nothing (the store asks the
 * creditor). Every answer that comes back goes through the fault proxy, as the shopper's own requests do.
 * A shopper gives up on a page that does not come (the short timeouts): the store's reconciler settles the rest.
 */

/** The documented test cards (simulators/borica/README.md). */
const CARD_APPROVED = '5100770000000022';
const CARD_DECLINED = '5555000000070019';
/** How long a shopper waits for a page or for the start's outcome before closing the tab. */
const PAGE_MS = 2_500;
const START_MS = 2_500;

const unescapeHtml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first form of a page: its action and hidden fields (the simulators' pages are plain HTML of known shape). */
const formOf = (html: string): { action: string; fields: Record<string, string> } | undefined => {
  const form = /<form method="post" action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return undefined;
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescapeHtml(input[1]!)] = unescapeHtml(input[2]!);
  return { action: unescapeHtml(form[1]!), fields };
};

const page = (url: string, init: RequestInit = {}): Promise<Response> =>
  fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(PAGE_MS) });
const postForm = (url: string, fields: Record<string, string>): Promise<Response> =>
  page(url, { method: 'POST', body: new URLSearchParams(fields) });
/** An answer delivered once, or twice at once (a reload, a callback delivered again). */
const deliver = async (twice: boolean, send: () => Promise<Response>): Promise<void> => {
  await Promise.all((twice ? [send(), send()] : [send()]).map((p) => p.then((r) => r.body?.cancel())));
};

const payAtBorica = async (step: { url: string; fields: Record<string, string> }, plan: PayPlan): Promise<string> => {
  const card = await postForm(step.url, step.fields);
  const cardForm = formOf(await card.text());
  const session = cardForm?.fields['session'];
  // A refused form goes straight back to BACKREF (the page's form is the answer's).
  if (!session) {
    if (cardForm) await deliver(plan.fault === 'twice', () => postForm(cardForm.action, cardForm.fields));
    return 'refused at the gateway';
  }
  if (plan.answer === 'leave') return 'left the card page';
  const answered = await postForm(new URL('/cgi-bin/pay', step.url).toString(), {
    session,
    card: plan.answer === 'pay' ? CARD_APPROVED : CARD_DECLINED,
    expiry: '12/30',
    cvc: '123',
    cardholder: 'MARIA PETROVA',
    choice: 'pay',
  });
  const back = formOf(await answered.text());
  // The gateway's answer lost on its way back (a dropped BACKREF): the reconciler must learn it by asking.
  if (!back) return 'answer lost';
  await deliver(plan.fault === 'twice', () => postForm(back.action, back.fields));
  return plan.answer === 'pay' ? 'paid' : 'declined';
};

const payAtPayPal = async (url: string, plan: PayPlan): Promise<string> => {
  const approve = formOf(await (await page(url)).text());
  if (!approve) return 'no approve page';
  if (plan.answer === 'leave') return 'left the approve page';
  const approved = await postForm(new URL(approve.action, url).toString(), {
    ...approve.fields,
    funding: plan.answer === 'pay' ? 'ok' : 'declined',
  });
  await approved.body?.cancel();
  const returnUrl = approved.headers.get('location');
  if (!returnUrl) return `approve answered ${approved.status}`;
  await deliver(plan.fault === 'twice', () => page(returnUrl));
  return plan.answer === 'pay' ? 'approved' : 'funding declined';
};

const sleep = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

/** The device's newest order placed with an online method (what the thank-you page would offer to pay). */
const newestOnlineOrder = async (d: Device): Promise<string | undefined> => {
  const commands = await firstValueFrom(d.client.commands$);
  const placed = commands
    .filter((c) => c.type === 'order.place')
    .filter((c) =>
      isOnline((c.payload as { details: { payment: { paymentMethod: string } } }).details.payment.paymentMethod),
    )
    .sort((a, b) => b.seq - a.seq)[0];
  return placed ? (placed.payload as { orderId: string }).orderId : undefined;
};

/** The journeys under way on this device: the shopper pays while the run's other intents go on. */
const underWay = new Set<Promise<void>>();

/** Resolves when every journey under way has ended (each is bounded by the shopper's patience). */
export const journeysEnded = async (): Promise<void> => {
  await Promise.all([...underWay]);
};

/**
 * Pays the device's newest online order by `plan`: answers the `payment.start` as dispatched (null when the device
 * has no such order) at once, and follows the payment in the background, as a tab does while others are used.
 */
export const payNewestOrder = async (d: Device, plan: PayPlan): Promise<CommandDocument | null> => {
  const orderId = await newestOnlineOrder(d);
  if (!orderId) return null;
  const command = await d.client.dispatch('payment.start', { orderId });
  const started = Date.now();
  const journey = follow(d, command, plan)
    .catch((error: unknown) => `gave up: ${String(error)}`)
    .then((outcome) => {
      // FAULTS_TRACE=1 (tools/faults.ts): each payment's journey on stderr.
      if (process.env['FAULTS_TRACE'])
        console.error(`    pay ${JSON.stringify(plan)}: ${outcome} (${Date.now() - started} ms)`);
    })
    .finally(() => underWay.delete(journey));
  underWay.add(journey);
  return command;
};

const follow = async (d: Device, command: CommandDocument, plan: PayPlan): Promise<string> => {
  const settled = await waitFor(
    d.client.commands$,
    (commands) => commands.some((c) => c.id === command.id && isSettled(c.status)),
    'the payment start',
    START_MS,
  ).catch(() => undefined);
  const start = settled?.find((c) => c.id === command.id);
  if (!start) return 'start not answered in time';
  const result = paymentStartResultSchema.safeParse(start.result);
  if (start.status !== 'succeeded' || !result.success) return `start ${start.status}`;
  const begin = () => d.client.beginPayment(result.data.attemptId, 'bg');
  // A begin the shopper stops waiting for goes on in the background; the store's begin is idempotent.
  const begun = await Promise.race(
    plan.fault === 'twice'
      ? [Promise.all([begin(), begin()]).then(([a]) => a), sleep(PAGE_MS)]
      : [begin(), sleep(PAGE_MS)],
  );
  if (!begun) return 'begin not answered in time';
  if (!begun.ok) return `begin refused ${begun.status}`;
  const { step } = begun;
  if (step.kind === 'post-form') return payAtBorica(step, plan);
  if (step.kind === 'redirect') return payAtPayPal(step.url, plan);
  return 'the creditor decides';
};
