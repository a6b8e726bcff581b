import { describe, expect, it } from 'vitest';
import { checkRun, type RunObservation } from '../../support/faults/oracle.ts';
import {
  checkPayments,
  type DevicePayments,
  type PaymentObservation,
} from '../../support/faults/payments/payment-oracle.ts';

/**
 * The oracle's payment properties must be able to fail: a store whose charges and payments agree passes, and each
 * way of being wrong (an order charged twice, a charge on an order left unpaid, an order paid with no charge, a
 * device showing another payment status than the store's) is reported as such, also through the whole oracle.
 */
const CARD_ORDER = '6f1f7a6f-0d11-4a43-9a4b-0b5c3c1e2f4a';
const PAYPAL_ORDER = '7a6f0d11-2f4a-4a43-9a4b-6f1f0b5c3c1e';
const CREDIT_ORDER = '0d116f1f-3c1e-4a43-9a4b-2f4a7a6f0b5c';

const healthy = (): PaymentObservation => ({
  orders: [
    { orderId: CARD_ORDER, owner: 'guest-1', orderNumber: 'BG-2026-000001', provider: 'borica', status: 'paid' },
    { orderId: PAYPAL_ORDER, owner: 'guest-1', orderNumber: 'BG-2026-000002', provider: 'paypal', status: 'paid' },
    // A card page left open: nothing charged, nothing paid.
    {
      orderId: CREDIT_ORDER,
      owner: 'guest-2',
      orderNumber: 'BG-2026-000003',
      provider: 'credit',
      status: 'processing',
    },
  ],
  charges: [
    { orderId: CARD_ORDER, provider: 'borica', ref: '000101' },
    { orderId: PAYPAL_ORDER, provider: 'paypal', ref: '5O190127TN364715T' },
  ],
});

const devices = (): DevicePayments[] => [
  {
    name: 'd0',
    owner: 'guest-1',
    payments: [
      [CARD_ORDER, 'paid'],
      [PAYPAL_ORDER, 'paid'],
    ],
  },
  { name: 'd1', owner: 'guest-2', payments: [[CREDIT_ORDER, 'processing']] },
];

const properties = (observation: PaymentObservation, shown = devices()) =>
  checkPayments(observation, shown).map((v) => v.property);

describe('the fault oracle on payments', () => {
  it('passes charges and payments that agree, and devices that show them', () => {
    expect(checkPayments(healthy(), devices())).toEqual([]);
  });

  it('reports an order the card gateway charged twice', () => {
    const observation = healthy();
    observation.charges.push({ orderId: CARD_ORDER, provider: 'borica', ref: '000102' });
    const violations = checkPayments(observation, devices());
    expect(violations.map((v) => v.property)).toEqual(['double-charge']);
    expect(violations[0]?.detail).toContain('BG-2026-000001 charged 2 times');
  });

  it('reports a charge on an order the store left unpaid', () => {
    const observation = healthy();
    observation.charges.push({ orderId: CREDIT_ORDER, provider: 'credit', ref: 'KR-ABC-000001' });
    const violations = checkPayments(observation, devices());
    expect(violations.map((v) => v.property)).toEqual(['charged-unpaid']);
    expect(violations[0]?.detail).toContain('its payment is processing');
  });

  it('reports an order paid by PayPal that PayPal holds no charge for', () => {
    const observation = healthy();
    observation.charges = observation.charges.filter((c) => c.orderId !== PAYPAL_ORDER);
    expect(properties(observation)).toEqual(['charged-unpaid']);
  });

  it('reports a device that shows another payment status than the store, or none', () => {
    const behind = devices();
    behind[0]!.payments = [
      [CARD_ORDER, 'processing'],
      [PAYPAL_ORDER, 'paid'],
    ];
    behind[1]!.payments = [];
    expect(properties(healthy(), behind)).toEqual(['not-converged', 'not-converged']);
  });

  it('is part of the whole oracle: a double charge counts as one, beside the rest', () => {
    const observation = healthy();
    observation.charges.push({ orderId: PAYPAL_ORDER, provider: 'paypal', ref: '8A1B2C3D4E5F6G7H8' });
    const run: RunObservation = {
      dispatched: [],
      store: {
        commands: [],
        carts: [],
        wishlists: [],
        ownerOrders: [],
        orders: [],
        stockMoves: [],
        stock: [],
        mails: [],
        delivered: [],
        payments: [],
      },
      devices: devices().map((d) => ({ ...d, cart: null, wishlist: null, orders: null, waiting: 0 })),
      drainMs: 0,
      drainLimitMs: 2_000,
      payments: observation,
    };
    expect(checkRun(run).map((v) => v.property)).toEqual(['double-charge']);
  });
});
