import { useId } from 'react';
import type { SearchSort } from '../../../schema/search/query.ts';
import { SORT_OPTIONS } from '../../../schema/routing/sort-param.ts';
import { useT } from '../../i18n/use-t.tsx';
import './listing.css';

/** Spec section 9's sort options as a labelled select; a separate control on narrow screens too (section 2). */
export function SortControl({ sort, onChange }: { sort: SearchSort; onChange: (sort: SearchSort) => void }) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="listing-page__sort">
      <label htmlFor={id}>{t('listing.sort.label')}</label>
      <select
        id={id}
        value={sort}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((option) => option === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(`listing.sort.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
