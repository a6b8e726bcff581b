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
