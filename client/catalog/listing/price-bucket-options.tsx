import { useTranslation } from 'react-i18next';
import { priceBucketLabel, wholeEuroAmount } from '../../../schema/catalog/rules/price-range.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import type { PriceRangeFilter } from '../../../schema/search/query.ts';
import type { PriceBucket } from '../../../schema/search/search-engine.ts';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES } from '../../i18n/index.ts';
import { priceOptions, type PriceOption } from './price-bucket-choice.ts';
import './listing.css';

interface PriceBucketOptionsProps {
  buckets: readonly PriceBucket[];
  chosen: PriceRangeFilter | undefined;
  /** Choosing the range in force again removes it (choosePriceRange). */
  onChoose: (range: PriceRangeFilter) => void;
}

/** The price buckets as toggle buttons: the range in force pressed; choosing it again removes it. */
export function PriceBucketOptions({ buckets, chosen, onChoose }: PriceBucketOptionsProps) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE];
  // The bounds are lev bounds of euro amounts (price-range.ts); the shopper reads the euro amounts.
  const euro = (stotinki: number) => bgnToEurCents(stotinki);
  const labelOf = ({ from, to }: PriceOption): string => {
    if (from !== null && to !== null) return priceBucketLabel(euro(from), euro(to), locale);
    if (from !== null) return t('listing.priceFrom', { amount: wholeEuroAmount(euro(from), locale) });
    return t('listing.priceUpTo', { amount: wholeEuroAmount(euro(to ?? 0), locale) });
  };
  return (
    <ul className="listing-filters__options">
      {priceOptions(buckets, chosen).map((option) => {
        const label = labelOf(option);
        return (
          <li key={`${option.from}-${option.to}`}>
            <button
              type="button"
              className="listing-filters__option"
              aria-pressed={option.pressed}
              aria-label={option.count === null ? label : t('listing.filterOption', { label, count: option.count })}
              data-price-from={option.from ?? ''}
              data-price-to={option.to ?? ''}
              onClick={() => onChoose({ from: option.from, to: option.to })}
            >
              <span>{label}</span>
              {option.count !== null && (
                <>
                  {' '}
                  <span className="listing-filters__count">({option.count})</span>
                </>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
