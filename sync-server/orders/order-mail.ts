import { formatEur, formatEurWithLev } from '../../schema/money/currency.ts';
import { SHOP_TIME_ZONE } from '../../schema/catalog/rules/shop-time.ts';
import type { PaymentMethodCode } from '../../schema/checkout/methods.ts';
import type { Order, OrderStatus } from '../../schema/orders/order.ts';
import { settlementOf } from '../../schema/payments/settlement.ts';
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

const METHOD_TEXT: Readonly<Record<PaymentMethodCode, { bg: string; en: string }>> = {
  cashondelivery: { bg: 'наложен платеж', en: 'cash on delivery' },
  banktransfer: { bg: 'банков превод', en: 'bank transfer' },
  card: { bg: 'карта', en: 'card' },
  paypal: { bg: 'PayPal', en: 'PayPal' },
  credit: { bg: 'покупка на кредит', en: 'credit' },
};

const WHEN_FORMAT = { day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/** "Платена сума: 258,16 € (за информация: ...) — карта 5100 77** **** 0022, на 6.12.2026 г., 12:05", once paid. */
const paidLines = (order: Order, language: 'bg' | 'en'): string[] => {
  const settlement = settlementOf(order);
  if (settlement.kind !== 'paid') return [];
  const locale = language === 'bg' ? 'bg-BG' : 'en-GB';
  const how = [METHOD_TEXT[settlement.method][language], settlement.card].filter(Boolean).join(' ');
  const when =
    settlement.at === null
      ? ''
      : `, ${language === 'bg' ? 'на' : 'on'} ${new Date(settlement.at).toLocaleString(locale, {
          timeZone: SHOP_TIME_ZONE,
          ...WHEN_FORMAT,
        })}`;
  const label = language === 'bg' ? 'Платена сума' : 'Amount paid';
  return [`${label}: ${formatEurWithLev(settlement.amountEur, locale)} — ${how}${when}`];
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
    `Общо: ${formatEurWithLev(t.grandTotalEur, 'bg-BG')}, курс ${t.rate}`,
    `в т.ч. ДДС: ${formatEur(t.taxEur, 'bg-BG')}`,
    ...paidLines(order, 'bg'),
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
    `Total: ${formatEurWithLev(t.grandTotalEur, 'en-GB')}, rate ${t.rate}`,
    `incl. VAT: ${formatEur(t.taxEur, 'en-GB')}`,
    ...paidLines(order, 'en'),
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
      ...(event === 'paid' ? paidLines(order, 'bg') : []),
      '',
      '—',
      '',
      `Hello ${order.details.personal.firstName},`,
      '',
      en,
      ...(event === 'paid' ? paidLines(order, 'en') : []),
    ].join('\n'),
  };
};
