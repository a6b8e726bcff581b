import { withAppliedSeq } from '../commands/applied-seqs.ts';
import type { CommandDocument } from '../commands/envelope.ts';
import { foldPending } from '../commands/fold-pending.ts';
import type { parseCommand, TypedCommand } from '../commands/registry.ts';
import { NOTIFICATION_SETTINGS_MAX, type AccountSettingsDoc } from './account-settings.ts';

/**
 * The account settings' rules as pure functions, run by the server's executor and by the client's optimistic view.
 * Mailings change nothing in the document (the server writes their mail); only who may send one is decided here.
 */

export type AlertsSetCommand = TypedCommand<'alerts.set'>;
export type MailingCommand = TypedCommand<'mailings.sendCart' | 'mailings.sendWishlist'>;
export type AccountSettingsCommand = AlertsSetCommand | MailingCommand;

/** Refusals, shown to the shopper (the client translates `refusal.<code>`). */
export const ALERTS_REFUSALS = {
  alerts_login_required: 'You need to be logged in to see this page',
  alerts_full: `At most ${NOTIFICATION_SETTINGS_MAX} products can have notifications: turn one off first.`,
  mailing_list_empty: 'There is nothing to send: the list is empty.',
} as const;
export type AlertsRefusalCode = keyof typeof ALERTS_REFUSALS;

export type AlertsDecision =
  | { kind: 'accepted'; result: Record<string, unknown> }
  | { kind: 'rejected'; code: AlertsRefusalCode; message: string; field?: string };

export const isAccountSettingsCommand = (command: TypedCommand): command is AccountSettingsCommand =>
  command.type === 'alerts.set' || command.type === 'mailings.sendCart' || command.type === 'mailings.sendWishlist';

/** Users' owner ids start with "user-"; a guest has no e-mail to alert or send to (spec: sending needs a login). */
export const isUserOwner = (owner: string): boolean => owner.startsWith('user-');

const refuse = (code: AlertsRefusalCode, field?: string): AlertsDecision => ({
  kind: 'rejected',
  code,
  message: ALERTS_REFUSALS[code],
  ...(field ? { field } : {}),
});

/** The settings after `alerts.set` (both off removes the sku), or the refusal. */
export const setNotification = (
  doc: AccountSettingsDoc,
  command: AlertsSetCommand,
  now: number,
): { doc: AccountSettingsDoc; decision: AlertsDecision } => {
  const { sku, notify_for_stock, notify_for_price, language } = command.payload;
  if (!isUserOwner(command.owner)) return { doc, decision: refuse('alerts_login_required') };
  const others = doc.notifications.filter((n) => n.sku !== sku);
  const on = notify_for_stock || notify_for_price;
  if (on && others.length >= NOTIFICATION_SETTINGS_MAX && others.length === doc.notifications.length) {
    return { doc, decision: refuse('alerts_full', 'payload.sku') };
  }
  const notifications = on ? [...others, { sku, notify_for_stock, notify_for_price }] : others;
  return {
    doc: { ...doc, notifications, language, updatedAt: now },
    decision: { kind: 'accepted', result: { sku, notify_for_stock, notify_for_price } },
  };
};

/** Whether a mailing may be sent: a user's, with something to list (the count is the server's). */
export const decideMailing = (command: MailingCommand, lines: number): AlertsDecision => {
  if (!isUserOwner(command.owner)) return refuse('alerts_login_required');
  if (lines === 0) return refuse('mailing_list_empty');
  return { kind: 'accepted', result: { sent: true, lines } };
};

/** Runs `alerts.set` and records the command's seq as applied (a refused command has been handled too). */
export const applyAlertsSet = (
  doc: AccountSettingsDoc,
  command: AlertsSetCommand,
  now: number,
): { doc: AccountSettingsDoc; decision: AlertsDecision } => {
  const { doc: next, decision } = setNotification(doc, command, now);
  return { doc: withAppliedSeq(next, command.clientId, command.seq), decision };
};

/** The settings the shopper sees: the server's with this owner's pending `alerts.set` folded over them. */
export const foldPendingIntoAccountSettings = (
  server: AccountSettingsDoc,
  pending: readonly CommandDocument[],
  parse?: typeof parseCommand,
): AccountSettingsDoc =>
  foldPending(
    server,
    pending,
    (command): command is AlertsSetCommand => command.type === 'alerts.set',
    (doc, command) => applyAlertsSet(doc, command, command.createdAt).doc,
    parse,
  );
