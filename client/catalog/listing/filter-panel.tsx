import { useId } from 'react';
import { DEFAULT_FILTERS, type Attribute } from '../../../schema/catalog/attribute.ts';
import type { PriceRangeFilter } from '../../../schema/search/query.ts';
import { PRICE_FILTER_CODE } from '../../../schema/search/query.ts';
import type { PriceBucket, SearchAggregations, TermsAggregation } from '../../../schema/search/search-engine.ts';
import { attributeLabel, optionLabel } from '../../../schema/catalog/localized.ts';
import { langOf } from '../localized/index.ts';
import { PriceBucketOptions } from './price-bucket-options.tsx';
import { useT } from '../../i18n/use-t.tsx';
import './listing.css';

interface FilterPanelProps {
  aggregations: SearchAggregations | null;
  attributes: readonly Attribute[];
  filters: Readonly<Record<string, readonly string[]>>;
  price: PriceRangeFilter | undefined;
  active: boolean;
  onToggle: (code: string, value: string) => void;
  onPrice: (range: PriceRangeFilter) => void;
  onReset: () => void;
  /** Whether the panel shows its own heading: beside the listing yes; inside the mobile dialog, which has one, no. */
  showTitle?: boolean;
}

const panelOrder = (code: string): number => {
  const index = (DEFAULT_FILTERS as readonly string[]).indexOf(code);
  return index === -1 ? DEFAULT_FILTERS.length : index;
};

type Group =
  { code: string; terms: TermsAggregation } | { code: typeof PRICE_FILTER_CODE; buckets: readonly PriceBucket[] };

/**
 * The filter panel of a category listing: one group per aggregated attribute, each value a toggle button, and
 * the price buckets (spec section 9's `cena`) as toggles in the default filters' place for the price.
 */
export function FilterPanel({
  aggregations,
  attributes,
  filters,
  price,
  active,
  onToggle,
  onPrice,
  onReset,
  showTitle = true,
}: FilterPanelProps) {
  const { t, language } = useT();
  const headingId = useId();
  const byCode = new Map(attributes.map((a) => [a.attribute_code, a]));
  const termGroups: Group[] = Object.entries(aggregations?.attributes ?? {})
    .filter(([code, agg]) => agg.buckets.length > 0 && (byCode.get(code)?.is_filterable ?? true))
    .map(([code, terms]) => ({ code, terms }));
  const buckets = aggregations?.agg_terms_cena.buckets ?? [];
  const groups = [...termGroups, ...(buckets.length > 0 ? [{ code: PRICE_FILTER_CODE, buckets }] : [])].sort(
    (a, b) => panelOrder(a.code) - panelOrder(b.code) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  return (
    <section
      className="listing-filters"
      aria-labelledby={showTitle ? headingId : undefined}
      aria-label={showTitle ? undefined : t('listing.filters')}
      data-testid="filter-panel"
    >
      {showTitle && (
        <h2 className="listing-filters__title" id={headingId}>
          {t('listing.filters')}
        </h2>
      )}
      {groups.map((group) => {
        if ('buckets' in group) {
          return (
            <fieldset className="listing-filters__group" key={group.code} data-filter={group.code}>
              <legend className="listing-filters__legend">{t('listing.price')}</legend>
              <PriceBucketOptions buckets={group.buckets} chosen={price} onChoose={onPrice} />
            </fieldset>
          );
        }
        const attribute = byCode.get(group.code);
        // The catalogue's own name for the filter, in English where it has one; else the dictionary's.
        const label = attribute
          ? attributeLabel(attribute, language)
          : { text: t(`listing.attributes.${group.code}`, { defaultValue: group.code }), lang: language };
        return (
          <fieldset className="listing-filters__group" key={group.code} data-filter={group.code}>
            <legend className="listing-filters__legend" lang={langOf(label, language)}>
              {label.text}
            </legend>
            <ul className="listing-filters__options">
              {group.terms.buckets.map((bucket) => {
                const option = attribute?.options.find((o) => o.value === bucket.key);
                const shown = option?.label ? optionLabel(option, language) : { text: bucket.key, lang: language };
                const pressed = filters[group.code]?.includes(bucket.key) ?? false;
                return (
                  <li key={bucket.key}>
                    <button
                      type="button"
                      className="listing-filters__option"
                      aria-pressed={pressed}
                      aria-label={t('listing.filterOption', { label: shown.text, count: bucket.count })}
                      onClick={() => onToggle(group.code, bucket.key)}
                    >
                      <span lang={langOf(shown, language)}>{shown.text}</span>{' '}
                      <span className="listing-filters__count">({bucket.count})</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {/* Below the groups, so only once they are known: drawn before, it would jump down as they arrive. */}
      {aggregations && (
        <button type="button" className="btn btn--secondary btn--md" disabled={!active} onClick={onReset}>
          {t('listing.reset')}
        </button>
      )}
    </section>
  );
}
