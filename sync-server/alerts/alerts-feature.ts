import type { AccountSettingsDoc } from '../../schema/alerts/account-settings.ts';
import { alertsCommands, applyAlertsSet, decideMailing, isAccountSettingsCommand } from '../../schema/alerts/index.ts';
import { withAppliedSeq } from '../../schema/commands/applied-seqs.ts';
import type { CommandType } from '../../schema/index.ts';
import { outcomeOf, type ReadModelWrite, type ServerFeature } from '../features/feature.ts';
import { lockOwnerDocuments, type Stored } from '../features/owner-documents.ts';
import { accountSettingsReadModel } from './account-settings-model.ts';
import { enqueueMail, type OutgoingMail } from '../accounts/outbox.ts';
import { loadMailingSources } from './mailing-lists.ts';
import { cartMailText, wishlistMailText } from './mail-texts.ts';
import { publicUrl } from './public-url.ts';

const write = (doc: AccountSettingsDoc, now: number): ReadModelWrite => {
  const { serverSeq: _old, ...stored } = doc;
  return { model: accountSettingsReadModel, owner: doc.owner, doc: { ...stored, updatedAt: now } };
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

  async open(tx, commands, now) {
    const owners = commands.map((c) => c.owner);
    const docs = await lockOwnerDocuments<AccountSettingsDoc>(tx, accountSettingsReadModel, owners);
    const mailingOwners = commands.filter((c) => c.type !== 'alerts.set').map((c) => c.owner);
    const sources = mailingOwners.length > 0 ? await loadMailingSources(tx, mailingOwners) : new Map();
    const changed = new Set<string>();
    const mails: OutgoingMail[] = [];
    const base = publicUrl();
    return {
      handle(command) {
        if (!isAccountSettingsCommand(command)) throw new Error(`not an account settings command: ${command.type}`);
        const current = docs.get(command.owner)!;
        changed.add(command.owner);
        if (command.type === 'alerts.set') {
          const { doc, decision } = applyAlertsSet(current, command, now);
          docs.set(command.owner, doc as Stored<AccountSettingsDoc>);
          return outcomeOf(decision);
        }
        const source = sources.get(command.owner);
        const lines = command.type === 'mailings.sendCart' ? source?.cart : source?.wishlist;
        const { language } = command.payload;
        const decision = decideMailing(command, source?.email ? (lines?.length ?? 0) : 0);
        const applied = withAppliedSeq(current, command.clientId, command.seq);
        docs.set(
          command.owner,
          (decision.kind === 'accepted' ? { ...applied, language } : applied) as Stored<AccountSettingsDoc>,
        );
        if (decision.kind === 'accepted' && source?.email && lines) {
          const text =
            command.type === 'mailings.sendCart'
              ? cartMailText(lines, language, base)
              : wishlistMailText(lines, language, base);
          mails.push({
            kind: command.type === 'mailings.sendCart' ? 'cart-by-email' : 'wishlist-by-email',
            to: source.email,
            ...text,
          });
        }
        return outcomeOf(decision);
      },
      changed: () => [...changed].map((owner) => write(docs.get(owner)!, now)),
      async persist(ptx) {
        for (const mail of mails) await enqueueMail(ptx, mail);
      },
    };
  },
};
