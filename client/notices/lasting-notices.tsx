import { useLocation } from '@tanstack/react-router';
import { useEffect, useId, useMemo } from 'react';
import { NOTICES_MAX_PER_COMMAND } from '../../schema/notices/notices.ts';
import {
  orderChangeKey,
  type OrderChange,
  type OrderChangeAcknowledgement,
} from '../../schema/notices/order-changes.ts';
import { lastingNoticeOf } from './lasting-notice-of.ts';
import { asksToPay, orderNoticePath, orderShownAt } from './order-notice-paths.ts';
import { isShownHere, useStoreClient, type StoreClient } from '../store/index.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { messageText } from '../ui/notifications.tsx';
import { SpaLink } from '../ui/spa-link.tsx';
import { useObservable } from '../ui/use-observable.ts';
import './add-texts.ts';
import './lasting-notices.css';

interface CommandSeen {
  id: string;
  createdAt: number;
}

/** What the panel shows: a command's outcome, or a change of an order the shopper did not cause. */
type Shown =
  | { kind: 'outcome'; key: string; at: number; text: string; seen: CommandSeen }
  | { kind: 'order'; key: string; at: number; text: string; change: OrderChange };

interface Seen {
  notices: CommandSeen[];
  orderChanges: OrderChangeAcknowledgement[];
}

const seenOf = (shown: readonly Shown[]): Seen => ({
  notices: shown.flatMap((s) => (s.kind === 'outcome' ? [s.seen] : [])),
  orderChanges: shown.flatMap((s) =>
    s.kind === 'order' ? [{ orderId: s.change.orderId, change: s.change.change, at: s.change.at }] : [],
  ),
});

const acknowledge = (client: StoreClient, { notices, orderChanges }: Seen) => {
  const send = (payload: { notices: CommandSeen[]; orderChanges?: OrderChangeAcknowledgement[] }) =>
    client.dispatch('notices.acknowledge', payload).catch((error: unknown) => {
      console.error('[notices] the acknowledgement could not be stored', error);
    });
  for (let i = 0; i < notices.length; i += NOTICES_MAX_PER_COMMAND) {
    const chunk = notices.slice(i, i + NOTICES_MAX_PER_COMMAND).map(({ id, createdAt }) => ({ id, createdAt }));
    void send({ notices: chunk });
  }
  for (let i = 0; i < orderChanges.length; i += NOTICES_MAX_PER_COMMAND) {
    void send({ notices: [], orderChanges: orderChanges.slice(i, i + NOTICES_MAX_PER_COMMAND) });
  }
};

/**
 * The server's decisions the shopper has not seen (a refusal decided while no tab was open, on this device or
 * another; an order shipped or cancelled by the shop, a payment the server settled or let expire, an order made
 * offline that waits to be paid): shown above the page on every device of the owner until acknowledged on one,
 * which removes them from all. A decision this tab showed as a toast as it arrived, or a change of the order the
 * tab is showing, is acknowledged at once instead of shown again.
 * Loaded after the first render (client/app/layout.tsx), like the account's notices.
 */
export function LastingNotices() {
  const client = useStoreClient();
  const { t, locale } = useT();
  const headingId = useId();
  const candidates = useObservable(client?.unacknowledged$);
  const orderChanges = useObservable(client?.orderNotices$);
  const loggedIn = Boolean(useObservable(client?.account.user$));
  const orderOnPage = orderShownAt(useLocation({ select: (location) => location.pathname }));

  const { shown, seenHere } = useMemo(() => {
    const shown: Shown[] = [];
    const seenHere: Shown[] = [];
    for (const { id, createdAt, message: outcome } of candidates ?? []) {
      const message = lastingNoticeOf(outcome);
      if (!message) continue;
      const notice: Shown = {
        kind: 'outcome',
        key: id,
        at: createdAt,
        text: messageText(message),
        seen: { id, createdAt },
      };
      (isShownHere(id) ? seenHere : shown).push(notice);
    }
    for (const change of orderChanges ?? []) {
      const text = t(`lastingNotices.order.${change.change}`, { number: change.orderNumber });
      const notice: Shown = { kind: 'order', key: orderChangeKey(change), at: change.at, text, change };
      (change.orderId === orderOnPage ? seenHere : shown).push(notice);
    }
    return { shown: shown.sort((a, b) => b.at - a.at), seenHere };
    // The texts depend on the language too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [candidates, orderChanges, orderOnPage, locale]);

  useEffect(() => {
    if (client && seenHere.length > 0) acknowledge(client, seenOf(seenHere));
  }, [client, seenHere]);

  if (!client || shown.length === 0) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section
      className="lasting-notices banner banner--warning"
      aria-labelledby={headingId}
      data-testid="lasting-notices"
    >
      <h2 id={headingId} className="lasting-notices__title">
        {t('lastingNotices.title', { count: shown.length })}
      </h2>
      <p className="lasting-notices__intro">{t('lastingNotices.intro')}</p>
      <ul className="lasting-notices__list">
        {shown.map((notice) => (
          <li
            key={notice.key}
            className="lasting-notices__item"
            data-testid="lasting-notice"
            {...(notice.kind === 'order' ? { 'data-order-change': notice.change.change } : {})}
          >
            <div>
              <p className="lasting-notices__text">{notice.text}</p>
              <p className="lasting-notices__when">
                {notice.kind === 'outcome'
                  ? t('lastingNotices.when', { date: date.format(notice.at) })
                  : t('lastingNotices.changedAt', { date: date.format(notice.at) })}
              </p>
              {notice.kind === 'order' && <OrderLink change={notice.change} loggedIn={loggedIn} />}
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('lastingNotices.okLabel', { message: notice.text })}
              onClick={() => acknowledge(client, seenOf([notice]))}
            >
              {t('lastingNotices.ok')}
            </Button>
          </li>
        ))}
      </ul>
      {shown.length > 1 && (
        <Button variant="quiet" size="sm" onClick={() => acknowledge(client, seenOf(shown))}>
          {t('lastingNotices.all')}
        </Button>
      )}
    </section>
  );
}

/** The way to the order: "pay now" when the change asks for a payment, else "view the order". */
function OrderLink({ change, loggedIn }: { change: OrderChange; loggedIn: boolean }) {
  const { t } = useT();
  const pay = asksToPay(change.change);
  return (
    <SpaLink
      className="lasting-notices__link"
      href={orderNoticePath(change.orderId, loggedIn)}
      aria-label={t(pay ? 'lastingNotices.payNowLabel' : 'lastingNotices.viewLabel', { number: change.orderNumber })}
    >
      {t(pay ? 'lastingNotices.payNow' : 'lastingNotices.view')}
    </SpaLink>
  );
}
