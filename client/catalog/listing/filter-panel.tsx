import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FILTERS, type Attribute } from '../../../schema/catalog/attribute.ts';
import type { SearchAggregations } from '../../../schema/search/search-engine.ts';

interface FilterPanelProps {
  aggregations: SearchAggregations | null;
  attributes: readonly Attribute[];
  filters: Readonly<Record<string, readonly string[]>>;
  active: boolean;
  onToggle: (code: string, value: string) => void;
  onReset: () => void;
}

const panelOrder = (code: string): number => {
  const index = (DEFAULT_FILTERS as readonly string[]).indexOf(code);
  return index === -1 ? DEFAULT_FILTERS.length : index;
};

/** The filter panel of a category listing: one group per aggregated attribute, each value a toggle button. */
export function FilterPanel({ aggregations, attributes, filters, active, onToggle, onReset }: FilterPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const byCode = new Map(attributes.map((a) => [a.attribute_code, a]));
  const groups = Object.entries(aggregations?.attributes ?? {})
    .filter(([code, agg]) => agg.buckets.length > 0 && (byCode.get(code)?.is_filterable ?? true))
    .sort(([a], [b]) => panelOrder(a) - panelOrder(b) || (a < b ? -1 : a > b ? 1 : 0));
  return (
    <section className="listing-filters" aria-labelledby={headingId} data-testid="filter-panel">
      <h2 className="listing-filters__title" id={headingId}>
        {t('listing.filters')}
      </h2>
      {groups.map(([code, agg]) => {
        const attribute = byCode.get(code);
        const label = attribute?.frontend_label || t(`listing.attributes.${code}`, { defaultValue: code });
        return (
          <fieldset className="listing-filters__group" key={code} data-filter={code}>
            <legend className="listing-filters__legend">{label}</legend>
            <ul className="listing-filters__options">
              {agg.buckets.map((bucket) => {
                const optionLabel = attribute?.options.find((o) => o.value === bucket.key)?.label || bucket.key;
                const pressed = filters[code]?.includes(bucket.key) ?? false;
                return (
                  <li key={bucket.key}>
                    <button
                      type="button"
                      className="listing-filters__option"
                      aria-pressed={pressed}
                      aria-label={t('listing.filterOption', { label: optionLabel, count: bucket.count })}
                      onClick={() => onToggle(code, bucket.key)}
                    >
                      <span>{optionLabel}</span> <span className="listing-filters__count">({bucket.count})</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn--secondary btn--md" disabled={!active} onClick={onReset}>
        {t('listing.reset')}
      </button>
    </section>
  );
}
