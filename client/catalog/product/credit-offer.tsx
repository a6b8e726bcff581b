import { CREDIT_ANNUAL_RATE_PERCENT, creditOffers } from '../../../schema/catalog/rules/credit-instalment.ts';
import { Price } from '../../ui/price.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { useT } from '../../i18n/use-t.tsx';

/** The content page with the credit providers' terms (generated catalogue: tools/catalog/cms-pages.ts). */
const CREDIT_TERMS_PATH = '/credit-terms';

/**
 * The credit calculator's entry (BULGARIA.md "Consumer credit"): "from X лв./month" for the standard terms, an
 * estimate by the annuity formula at a typical rate; the provider's own offer is on the credit terms page. No
 * provider is called from here.
 */
export function CreditOffer({ priceInclTax }: { priceInclTax: number }) {
  const { t } = useT();
  const offers = creditOffers(priceInclTax);
  const cheapest = offers.at(-1);
  if (!cheapest) return null;
  return (
    <details className="product-credit" data-testid="product-credit">
      <summary>
        {t('product.credit.from')} <Price amount={cheapest.monthly} className="product-credit__monthly" />{' '}
        {t('product.credit.perMonth')}
      </summary>
      <table className="product-credit__table">
        <caption className="visually-hidden">{t('product.credit.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.credit.term')}</th>
            <th scope="col">{t('product.credit.monthly')}</th>
            <th scope="col">{t('product.credit.total')}</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.months}>
              <th scope="row">{t('product.credit.months', { count: offer.months })}</th>
              <td>
                <Price amount={offer.monthly} />
              </td>
              <td>
                <Price amount={offer.total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="product-page__hint">{t('product.credit.note', { rate: CREDIT_ANNUAL_RATE_PERCENT })}</p>
      <SpaLink href={CREDIT_TERMS_PATH} className="btn btn--secondary btn--sm">
        {t('product.credit.terms')}
      </SpaLink>
    </details>
  );
}
