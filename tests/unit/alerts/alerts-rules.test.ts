import { describe, expect, it } from 'vitest';
import {
  applyAlertsSet,
  decideMailing,
  emptyAccountSettings,
  foldPendingIntoAccountSettings,
  NOTIFICATION_SETTINGS_MAX,
  type AccountSettingsDoc,
} from '../../../schema/alerts/index.ts';
import type { TypedCommand } from '../../../schema/index.ts';
import { pendingCommand } from '../../support/protocol-client.ts';

const USER = 'user-0190f000-0000-7000-8000-000000000001';
const at = (owner = USER, seq = 1) => ({ owner, clientId: 'client-a', seq });
const set = (sku: string, stock: boolean, price: boolean, owner = USER, seq = 1) =>
  ({
    ...pendingCommand(at(owner, seq), 'alerts.set', { sku, notify_for_stock: stock, notify_for_price: price }),
    payload: { sku, notify_for_stock: stock, notify_for_price: price, language: 'bg' },
  }) as TypedCommand<'alerts.set'>;

describe('alerts.set (schema/alerts)', () => {
  it("keeps a product's settings, replaces them on a change, and forgets a product with both off", () => {
    let doc = emptyAccountSettings(USER);
    doc = applyAlertsSet(doc, set('APP1', true, false), 1).doc;
    doc = applyAlertsSet(doc, set('APP2', false, true, USER, 2), 2).doc;
    doc = applyAlertsSet(doc, set('APP1', true, true, USER, 3), 3).doc;
    expect(doc.notifications).toEqual([
      { sku: 'APP2', notify_for_stock: false, notify_for_price: true },
      { sku: 'APP1', notify_for_stock: true, notify_for_price: true },
    ]);
    const { doc: off, decision } = applyAlertsSet(doc, set('APP2', false, false, USER, 4), 4);
    expect(decision).toEqual({
      kind: 'accepted',
      result: { sku: 'APP2', notify_for_stock: false, notify_for_price: false },
    });
    expect(off.notifications.map((n) => n.sku)).toEqual(['APP1']);
    expect(off.applied).toEqual([{ clientId: 'client-a', seq: 4 }]);
  });

  it("refuses a guest's (no address to mail) and a new product beyond the cap, changing nothing", () => {
    const guest = applyAlertsSet(emptyAccountSettings('guest-1'), set('APP1', true, false, 'guest-1'), 1);
    expect(guest.decision).toMatchObject({ kind: 'rejected', code: 'alerts_login_required' });
    expect(guest.doc.notifications).toEqual([]);

    const full: AccountSettingsDoc = {
      ...emptyAccountSettings(USER),
      notifications: Array.from({ length: NOTIFICATION_SETTINGS_MAX }, (_, i) => ({
        sku: `SKU${i}`,
        notify_for_stock: true,
        notify_for_price: false,
      })),
    };
    const refused = applyAlertsSet(full, set('NEW', true, false), 1);
    expect(refused.decision).toMatchObject({ kind: 'rejected', code: 'alerts_full', field: 'payload.sku' });
    expect(refused.doc.notifications).toHaveLength(NOTIFICATION_SETTINGS_MAX);
    // A product already watched may still change, and turning one off is always possible.
    expect(applyAlertsSet(full, set('SKU3', true, true), 1).decision.kind).toBe('accepted');
    expect(applyAlertsSet(full, set('SKU3', false, false), 1).doc.notifications).toHaveLength(
      NOTIFICATION_SETTINGS_MAX - 1,
    );
  });

  it("folds the device's pending settings over the server's document, once", () => {
    const server = applyAlertsSet(emptyAccountSettings(USER), set('APP1', true, false), 1).doc;
    const pending = [set('APP1', true, false), set('APP2', false, true, USER, 2)];
    const shown = foldPendingIntoAccountSettings(server, pending);
    expect(shown.notifications.map((n) => n.sku)).toEqual(['APP1', 'APP2']);
  });
});

describe('mailings (schema/alerts)', () => {
  const mailing = (owner: string) =>
    ({
      ...pendingCommand(at(owner), 'mailings.sendCart', {}),
      payload: { language: 'bg' },
    }) as TypedCommand<'mailings.sendCart'>;
  it('sends a logged-in owner a list with lines; refuses a guest and an empty list', () => {
    expect(decideMailing(mailing(USER), 2)).toEqual({ kind: 'accepted', result: { sent: true, lines: 2 } });
    expect(decideMailing(mailing(USER), 0)).toMatchObject({ kind: 'rejected', code: 'mailing_list_empty' });
    expect(decideMailing(mailing('guest-1'), 2)).toMatchObject({ kind: 'rejected', code: 'alerts_login_required' });
  });
});
