import { Link } from '@tanstack/react-router';
import { shopperViewSchema } from '../../../schema/ops/command-log.ts';
import { useT } from '../../i18n/use-t.tsx';
import { formatTime } from '../format.ts';
import { opsTo } from '../ops-link.ts';
import { OpsProblem } from '../ops-problem.tsx';
import { useOpsQuery } from '../use-ops-query.ts';
import { DevicesTable } from './devices-table.tsx';

/**
 * One shopper, as support needs them on a call: who, their devices (what waits on each), and what they have in the
 * shop (cart, orders, ads, reviews, messages, the mails sent), with their latest commands.
 */
export function ShopperPage({ owner }: { owner: string }) {
  const { t, locale } = useT();
  const { answer, reload } = useOpsQuery(`/api/ops/shoppers/${encodeURIComponent(owner)}`, shopperViewSchema);
  if ('state' in answer) return <p role="status">{t('ops.loading')}</p>;
  if (!answer.ok) return <OpsProblem answer={answer} retry={reload} />;
  const view = answer.value;
  const name = view.account ? `${view.account.firstname} ${view.account.lastname} <${view.account.email}>` : view.owner;
  return (
    <article className="ops-page" aria-labelledby="ops-shopper-h">
      <h1 id="ops-shopper-h" tabIndex={-1} data-page-heading>
        {name}
      </h1>
      <p className="ops-muted">
        <code>{view.owner}</code>
        {view.account && ` · ${view.account.role} · ${formatTime(view.account.createdAt, locale)}`}
      </p>
      <section aria-labelledby="ops-shopper-devices">
        <h2 id="ops-shopper-devices">{t('ops.shoppers.devices')}</h2>
        <DevicesTable devices={view.devices} />
      </section>
      <section aria-labelledby="ops-shopper-commands">
        <h2 id="ops-shopper-commands">{t('ops.shoppers.commands')}</h2>
        <ul className="ops-list">
          {view.commands.rows.map((row) => (
            <li key={row.id}>
              <Link {...opsTo(`commands/${row.id}`)}>
                {formatTime(row.receivedAt, locale)} · {row.type}
              </Link>{' '}
              <span className={`ops-status ops-status--${row.status}`}>{t(`ops.status.${row.status}`)}</span>{' '}
              {row.resultCode ?? ''}
            </li>
          ))}
        </ul>
        <Link {...opsTo('', { owner: view.owner })}>{t('ops.nav.commands')} →</Link>
      </section>
      <div className="ops-columns">
        <section aria-labelledby="ops-shopper-orders">
          <h2 id="ops-shopper-orders">{t('ops.shoppers.orders')}</h2>
          <ul className="ops-list">
            {view.orders.map((order, index) => (
              <li key={order.orderId ?? index}>
                {order.orderNumber ?? order.orderId} · {order.status} · {formatTime(order.createdAt, locale)}
              </li>
            ))}
          </ul>
          <h2>{t('ops.shoppers.ads')}</h2>
          <ul className="ops-list">
            {view.ads.map((ad, index) => (
              <li key={ad.adId ?? index}>
                {String(ad.doc['title'] ?? ad.adId)} · {ad.status}
              </li>
            ))}
          </ul>
          <h2>{t('ops.shoppers.reviews')}</h2>
          <ul className="ops-list">
            {view.reviews.map((review) => (
              <li key={review.id}>
                {review.sku} · {String(review.doc['title'] ?? review.id)} · {review.status}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="ops-shopper-mails">
          <h2 id="ops-shopper-mails">{t('ops.shoppers.mails')}</h2>
          <ul className="ops-list">
            {view.mails.map((mail) => (
              <li key={mail.id}>
                {formatTime(mail.createdAt, locale)} · {mail.subject} · {mail.sentAt ? '✓' : mail.failedAt ? '✗' : '…'}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}
