import { notificationSettingOf, type AccountSettingsDoc } from '../../schema/alerts/account-settings.ts';
import { recordConsent, type ConsentEvent } from '../consent/index.ts';
import { alertChannel, alertFlag } from './alert-unsubscribe.ts';
import { alertsCommands, applyAlertsSet, decideMailing, isAccountSettingsCommand } from '../../schema/alerts/index.ts';
import { withAppliedSeq } from '../../schema/commands/applied-seqs.ts';
import type { CommandType } from '../../schema/index.ts';
import { outcomeOf, type ServerFeature } from '../features/feature.ts';
import { accountSettingsReadModel } from './account-settings-model.ts';
import { enqueueMail, type OutgoingMail } from '../accounts/outbox.ts';
import { cartListed, wishlistListed } from './mailing-lists.ts';
import { accountEmailsOf } from '../accounts/account-emails.ts';
import { cartReadModel } from '../cart/cart-read-model.ts';
import { wishlistReadModel } from '../wishlist/wishlist-feature.ts';
import type { Cart } from '../../schema/cart/cart.ts';
import type { WishlistDoc } from '../../schema/wishlist/wishlist.ts';
import { cartMailText, wishlistMailText } from './mail-texts.ts';
import { publicUrl } from './public-url.ts';

/** An alert turned on or off by `alerts.set`, as consent given or withdrawn (issue 32), per kind that changed. */
const consentChanges = (
  before: AccountSettingsDoc,
  after: AccountSettingsDoc,
  owner: string,
  sku: string,
  commandId: string,
): ConsentEvent[] => {
  const was = notificationSettingOf(before, sku);
  const now = notificationSettingOf(after, sku);
  return (['stock', 'price'] as const).flatMap((kind) => {
    const flag = alertFlag(kind);
    if (was[flag] === now[flag]) return [];
    const event = now[flag] ? ('given' as const) : ('withdrawn' as const);
    return [{ subject: owner, channel: alertChannel(kind, sku), event, via: 'alerts.set', ref: commandId }];
  });
};

/**
 * The account's settings and mailings (issue 18): `alerts.set` keeps one product's stock and price notification
 * settings on the account (synced to every device as `accountSettings`); `mailings.sendCart` and
 * `mailings.sendWishlist` mail the owner's cart or wishlist to the owner, written to the outbox in the batch's
 * transaction, so a repeated push mails once. Every command records its seq in the account's document.
 */
export const alertsFeature: ServerFeature = {
  name: 'alerts',
  commands: Object.keys(alertsCommands) as CommandType[],
  readModels: [accountSettingsReadModel],

  async open(tx, commands, now, documents) {
    const owners = commands.map((c) => c.owner);
    const mailingOwners = commands.filter((c) => c.type !== 'alerts.set').map((c) => c.owner);
    // A mailing lists the cart or wishlist as the batch's commands before it left them: the batch's documents,
    // locked in the registry's order of their features (carts, wishlists, then this feature's own).
    const addresses = mailingOwners.length > 0 ? await accountEmailsOf(tx, mailingOwners) : new Map<string, string>();
    if (mailingOwners.length > 0) {
      await documents.lock(cartReadModel, mailingOwners);
      await documents.lock(wishlistReadModel, mailingOwners);
    }
    await documents.lock(accountSettingsReadModel, owners);
    const mails: OutgoingMail[] = [];
    const consents: ConsentEvent[] = [];
    const base = publicUrl();
    return {
      handle(command) {
        if (!isAccountSettingsCommand(command)) throw new Error(`not an account settings command: ${command.type}`);
        const current = documents.get<AccountSettingsDoc>(accountSettingsReadModel, command.owner);
        if (command.type === 'alerts.set') {
          const { doc, decision } = applyAlertsSet(current, command, now);
          documents.set(accountSettingsReadModel, command.owner, doc);
          consents.push(...consentChanges(current, doc, command.owner, command.payload.sku, command.id));
          return outcomeOf(decision);
        }
        const email = addresses.get(command.owner);
        const lines =
          command.type === 'mailings.sendCart'
            ? cartListed(documents.get<Cart>(cartReadModel, command.owner))
            : wishlistListed(documents.get<WishlistDoc>(wishlistReadModel, command.owner));
        const { language } = command.payload;
        const decision = decideMailing(command, email ? lines.length : 0);
        const applied = withAppliedSeq(current, command.clientId, command.seq);
        documents.set(
          accountSettingsReadModel,
          command.owner,
          decision.kind === 'accepted' ? { ...applied, language } : applied,
        );
        if (decision.kind === 'accepted' && email) {
          const text =
            command.type === 'mailings.sendCart'
              ? cartMailText(lines, language, base)
              : wishlistMailText(lines, language, base);
          mails.push({
            kind: command.type === 'mailings.sendCart' ? 'cart-by-email' : 'wishlist-by-email',
            to: email,
            ...text,
          });
        }
        return outcomeOf(decision);
      },
      async persist(ptx) {
        for (const mail of mails) await enqueueMail(ptx, mail);
        await recordConsent(ptx, consents);
      },
    };
  },
};
