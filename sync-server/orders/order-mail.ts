import { formatBgn, formatEur } from '../../schema/money/currency.ts';
import type { Order, OrderStatus } from '../../schema/orders/order.ts';
import type { OutgoingMail } from '../accounts/outbox.ts';

/**
 * The e-mail an order's change puts in the outbox: Bulgarian first, then English (the store does not know which
 * language the shopper reads it in), with the euro figures charged and the lev figure for reference.
 */
const STATUS_TEXT: Readonly<Record<OrderStatus, { bg: string; en: string }>> = {
  received: { bg: 'приета', en: 'received' },
  needs_confirmation: { bg: 'очаква вашето потвърждение', en: 'waiting for your confirmation' },
  confirmed: { bg: 'потвърдена', en: 'confirmed' },
  shipped: { bg: 'изпратена', en: 'shipped' },
  delivered: { bg: 'доставена', en: 'delivered' },
  cancelled: { bg: 'отказана', en: 'cancelled' },
};

const linesOf = (order: Order, locale: string): string[] =>
  order.lines.map((line) => `  ${line.qty} × ${line.name} (${line.sku}): ${formatEur(line.lineTotalEur, locale)}`);

export const orderMail = (order: Order): OutgoingMail => {
  const status = STATUS_TEXT[order.status];
  const t = order.totals;
  const bg = [
    `Здравейте, ${order.details.personal.firstName},`,
    '',
    `Поръчка ${order.orderNumber} е ${status.bg}.`,
    '',
    ...linesOf(order, 'bg-BG'),
    '',
    `Междинна сума: ${formatEur(t.subtotalInclTaxEur, 'bg-BG')}`,
    ...(t.discountEur > 0 ? [`Отстъпка: −${formatEur(t.discountEur, 'bg-BG')}`] : []),
    `Доставка: ${formatEur(t.shippingEur, 'bg-BG')}`,
    `Общо: ${formatEur(t.grandTotalEur, 'bg-BG')} (${formatBgn(t.grandTotalBgn, 'bg-BG')}, курс ${t.rate})`,
    `в т.ч. ДДС: ${formatEur(t.taxEur, 'bg-BG')}`,
  ];
  const en = [
    `Hello ${order.details.personal.firstName},`,
    '',
    `Order ${order.orderNumber} is ${status.en}.`,
    '',
    ...linesOf(order, 'en-GB'),
    '',
    `Subtotal: ${formatEur(t.subtotalInclTaxEur, 'en-GB')}`,
    ...(t.discountEur > 0 ? [`Discount: −${formatEur(t.discountEur, 'en-GB')}`] : []),
    `Shipping: ${formatEur(t.shippingEur, 'en-GB')}`,
    `Total: ${formatEur(t.grandTotalEur, 'en-GB')} (${formatBgn(t.grandTotalBgn, 'en-GB')}, rate ${t.rate})`,
    `incl. VAT: ${formatEur(t.taxEur, 'en-GB')}`,
  ];
  return {
    kind: 'order-status',
    to: order.details.personal.emailAddress,
    subject: `Поръчка ${order.orderNumber}: ${status.bg} / Order ${order.orderNumber}: ${status.en}`,
    body: [...bg, '', '—', '', ...en].join('\n'),
  };
};

/** What happened to an order's online payment (issue 17), for the shopper's e-mail. */
export type PaymentMailEvent = 'paid' | 'expired' | 'refunded' | 'excess';

const PAYMENT_TEXT: Readonly<Record<PaymentMailEvent, { bg: string; en: string }>> = {
  paid: { bg: 'е платена. Благодарим ви!', en: 'is paid. Thank you!' },
  expired: {
    bg: 'не беше платена навреме и е отказана.',
    en: 'was not paid in time and is cancelled.',
  },
  refunded: { bg: ': възстановихме ви сума от', en: ': we have refunded' },
  excess: {
    bg: 'е платена повече от веднъж. Ще ви възстановим излишното плащане.',
    en: 'was paid more than once. We will refund the extra payment.',
  },
};

/** The e-mail a payment's outcome puts in the outbox, Bulgarian first, then English; `amountEur` for a refund. */
export const paymentMail = (order: Order, event: PaymentMailEvent, amountEur = 0): OutgoingMail => {
  const text = PAYMENT_TEXT[event];
  const figure = (locale: string) => (event === 'refunded' ? ` ${formatEur(amountEur, locale)}.` : '');
  const bg = `Поръчка ${order.orderNumber} ${text.bg}${figure('bg-BG')}`.replace(' :', ':');
  const en = `Order ${order.orderNumber} ${text.en}${figure('en-GB')}`.replace(' :', ':');
  return {
    kind: 'order-status',
    to: order.details.personal.emailAddress,
    subject: `Плащане по поръчка ${order.orderNumber} / Payment of order ${order.orderNumber}`,
    body: [
      `Здравейте, ${order.details.personal.firstName},`,
      '',
      bg,
      '',
      '—',
      '',
      `Hello ${order.details.personal.firstName},`,
      '',
      en,
    ].join('\n'),
  };
};
