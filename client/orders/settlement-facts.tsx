import { settlementOf, type SettledOrder } from '../../schema/payments/settlement.ts';
import { useT } from '../i18n/use-t.tsx';
import { EuroPrice } from '../ui/euro-price.tsx';

/**
 * The amount of an order as the shopper should read it (schema/payments/settlement.ts), as the terms of an order's
 * facts list: "amount due" only while something is; once paid, what was paid, how and when.
 */
const TERM = { due: 'charged', paid: 'paid', refunded: 'refunded', cancelled: 'cancelled' } as const;

/** The order history's one line: "Платена сума 152,88 €" or "Дължима сума 152,88 €". */
export function SettlementAmount({ order }: { order: SettledOrder }) {
  const { t } = useT();
  const settlement = settlementOf(order);
  return (
    <span className="orders-list__amount" data-testid="order-row-amount" data-settlement={settlement.kind}>
      {t(`checkout.thankYou.${TERM[settlement.kind]}`)}: <EuroPrice cents={settlement.amountEur} />
    </span>
  );
}

export function SettlementFacts({ order }: { order: SettledOrder }) {
  const { t, locale } = useT();
  const settlement = settlementOf(order);
  const amount = (
    <dd data-testid="order-charged" data-settlement={settlement.kind}>
      <EuroPrice cents={settlement.amountEur} />
    </dd>
  );
  if (settlement.kind !== 'paid') {
    return (
      <>
        <dt>{t(`checkout.thankYou.${TERM[settlement.kind]}`)}</dt>
        {amount}
      </>
    );
  }
  const method = t(`checkout.payment.${settlement.method}`);
  const time = settlement.at === null ? null : new Date(settlement.at).toLocaleString(locale);
  const how =
    time === null
      ? method
      : settlement.card
        ? t('checkout.thankYou.paidWithCard', { method, card: settlement.card, time })
        : t('checkout.thankYou.paidWith', { method, time });
  return (
    <>
      <dt>{t('checkout.thankYou.paid')}</dt>
      {amount}
      <dt>{t('checkout.thankYou.paidHow')}</dt>
      <dd data-testid="order-paid-how">{how}</dd>
    </>
  );
}
