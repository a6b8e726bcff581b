import { valueOf } from './money.ts';
import type { SimCapture, SimOrder, SimRefund } from './state.ts';

/** The JSON PayPal answers for an order, a capture, a refund (the fields the Orders v2 reference documents). */

const amount = (cents: number, currency: string) => ({ currency_code: currency, value: valueOf(cents) });

export const captureJson = (base: string, capture: SimCapture) => ({
  id: capture.id,
  status: capture.status,
  ...(capture.reason === undefined ? {} : { status_details: { reason: capture.reason } }),
  amount: amount(capture.amountCents, capture.currency),
  final_capture: true,
  seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
  ...(capture.customId === undefined ? {} : { custom_id: capture.customId }),
  ...(capture.invoiceId === undefined ? {} : { invoice_id: capture.invoiceId }),
  create_time: capture.createTime,
  update_time: capture.updateTime,
  links: [
    { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
    { href: `${base}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
  ],
});

const orderLinks = (base: string, order: SimOrder) => {
  const self = { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' };
  if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') return [self];
  const approve = `${base}/checkoutnow?token=${order.id}`;
  return [
    self,
    { href: approve, rel: order.withPaymentSource ? 'payer-action' : 'approve', method: 'GET' },
    ...(order.withPaymentSource
      ? []
      : [
          { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'update', method: 'PATCH' },
          { href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
        ]),
  ];
};

export const orderJson = (base: string, order: SimOrder) => ({
  id: order.id,
  intent: 'CAPTURE',
  status: order.status,
  ...(order.payerId === undefined
    ? {}
    : {
        payment_source: { paypal: { email_address: 'payer@example.com', account_id: order.payerId } },
        payer: { payer_id: order.payerId, email_address: 'payer@example.com', name: { given_name: 'Тест' } },
      }),
  purchase_units: [
    {
      reference_id: order.referenceId,
      ...(order.customId === undefined ? {} : { custom_id: order.customId }),
      ...(order.invoiceId === undefined ? {} : { invoice_id: order.invoiceId }),
      ...(order.description === undefined ? {} : { description: order.description }),
      amount: amount(order.amountCents, order.currency),
      payee: { merchant_id: 'SIMMERCHANT01', email_address: 'merchant@example.com' },
      ...(order.capture === undefined ? {} : { payments: { captures: [captureJson(base, order.capture)] } }),
    },
  ],
  create_time: order.createTime,
  update_time: order.updateTime,
  links: orderLinks(base, order),
});

export const refundJson = (base: string, refund: SimRefund) => ({
  id: refund.id,
  status: 'COMPLETED',
  amount: amount(refund.amountCents, refund.currency),
  ...(refund.noteToPayer === undefined ? {} : { note_to_payer: refund.noteToPayer }),
  create_time: refund.createTime,
  update_time: refund.createTime,
  links: [
    { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
  ],
});
