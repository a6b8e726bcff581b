import { LISTING_VIEWS, type ListingView } from './listing-view.ts';
import { useT } from '../../i18n/use-t.tsx';
import './listing.css';

const ICONS: Readonly<Record<ListingView, string>> = {
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  list: 'M4 5h4v4H4zM10 6h10v2H10zM4 15h4v4H4zM10 16h10v2H10z',
};

/** Grid or list: two toggle buttons in a labelled group, the current one pressed. */
export function ViewSwitch({ view, onChange }: { view: ListingView; onChange: (view: ListingView) => void }) {
  const { t } = useT();
  return (
    <div className="listing-view-switch" role="group" aria-label={t('listing.view.label')}>
      {LISTING_VIEWS.map((option) => (
        <button
          key={option}
          type="button"
          className="listing-view-switch__option"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={ICONS[option]} fill="currentColor" />
          </svg>
          <span>{t(`listing.view.${option}`)}</span>
        </button>
      ))}
    </div>
  );
}
