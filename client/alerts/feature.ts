import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import {
  alertsCommands,
  emptyAccountSettings,
  foldPendingIntoAccountSettings,
  type AccountSettingsDoc,
} from '../../schema/alerts/index.ts';
import type { CommandType } from '../../schema/index.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import { defineClientFeature, rxSchema } from '../sync/feature.ts';
import { ALERTS_REFUSAL_CODES } from './notices.ts';

/**
 * The account's settings on the local store: the owner's `accountSettings` document (stock and price notification
 * settings, the newsletter state), with this device's pending `alerts.set` folded over it by the server's rules.
 * The mailings (cart, wishlist by e-mail) are commands of this feature too; they change no document.
 */
export const alertsFeature = defineClientFeature({
  name: 'alerts',
  commands: Object.keys(alertsCommands) as CommandType[],
  collections: {
    accountSettings: {
      schema: () => rxSchema<AccountSettingsDoc>(rxdbSchemas().accountSettings),
      scope: 'owner',
    },
  },
  refusalCodes: ALERTS_REFUSAL_CODES,
  views(context) {
    const docs = context.collection<AccountSettingsDoc>('accountSettings');
    const accountSettings$: Observable<AccountSettingsDoc> = context.owner$.pipe(
      switchMap((owner) =>
        !owner
          ? of(emptyAccountSettings(''))
          : combineLatest([docs.findOne(owner).$, context.pending$]).pipe(
              map(([doc, pending]) =>
                foldPendingIntoAccountSettings(
                  doc ? (doc.toMutableJSON() as AccountSettingsDoc) : emptyAccountSettings(owner),
                  pending,
                  context.parse,
                ),
              ),
            ),
      ),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    return { accountSettings$ };
  },
});
