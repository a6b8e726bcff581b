import { useEffect, useId, useMemo } from 'react';
import { NOTICES_MAX_PER_COMMAND } from '../../schema/notices/notices.ts';
import { lastingNoticeOf } from './lasting-notice-of.ts';
import { isShownHere, useStoreClient, type StoreClient } from '../store/index.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { messageText } from '../ui/notifications.tsx';
import { useObservable } from '../ui/use-observable.ts';
import './add-texts.ts';

interface Shown {
  id: string;
  createdAt: number;
  text: string;
}

const acknowledge = (client: StoreClient, notices: readonly { id: string; createdAt: number }[]) => {
  for (let i = 0; i < notices.length; i += NOTICES_MAX_PER_COMMAND) {
    const chunk = notices.slice(i, i + NOTICES_MAX_PER_COMMAND).map(({ id, createdAt }) => ({ id, createdAt }));
    client.dispatch('notices.acknowledge', { notices: chunk }).catch((error: unknown) => {
      console.error('[notices] the acknowledgement could not be stored', error);
    });
  }
};

/**
 * The server's decisions the shopper has not seen (a refusal decided while no tab was open, on this device or
 * another): shown above the page on every device of the owner until acknowledged on one, which removes them from
 * all. A decision this tab showed as a toast as it arrived is acknowledged at once instead of shown again.
 * Loaded after the first render (client/app/layout.tsx), like the account's notices.
 */
export function LastingNotices() {
  const client = useStoreClient();
  const { t, locale } = useT();
  const headingId = useId();
  const candidates = useObservable(client?.unacknowledged$);

  const { shown, seenHere } = useMemo(() => {
    const shown: Shown[] = [];
    const seenHere: { id: string; createdAt: number }[] = [];
    for (const { id, createdAt, message: outcome } of candidates ?? []) {
      const message = lastingNoticeOf(outcome);
      if (!message) continue;
      if (isShownHere(id)) seenHere.push({ id, createdAt });
      else shown.push({ id, createdAt, text: messageText(message) });
    }
    return { shown, seenHere };
    // The texts depend on the language too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [candidates, locale]);

  useEffect(() => {
    if (client && seenHere.length > 0) acknowledge(client, seenHere);
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
          <li key={notice.id} className="lasting-notices__item" data-testid="lasting-notice">
            <div>
              <p className="lasting-notices__text">{notice.text}</p>
              <p className="lasting-notices__when">
                {t('lastingNotices.when', { date: date.format(notice.createdAt) })}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('lastingNotices.okLabel', { message: notice.text })}
              onClick={() => acknowledge(client, [notice])}
            >
              {t('lastingNotices.ok')}
            </Button>
          </li>
        ))}
      </ul>
      {shown.length > 1 && (
        <Button variant="quiet" size="sm" onClick={() => acknowledge(client, shown)}>
          {t('lastingNotices.all')}
        </Button>
      )}
    </section>
  );
}
