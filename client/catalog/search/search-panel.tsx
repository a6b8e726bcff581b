import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Price } from '../../ui/price.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { productPath, searchPath } from '../../../schema/routing/route-paths.ts';
import { rememberSearch, useLastSearches } from './last-searches-store.ts';
import { isSearchable, SEARCH_DEBOUNCE_MS, useCatalogSearch } from './use-catalog-search.ts';
import { useT } from '../../i18n/use-t.tsx';
import { bulgarianOnlyLang } from '../localized/index.ts';
import './search.css';

/** Results shown under the header's search field; the results page shows the rest. */
export const PANEL_PAGE_SIZE = 8;

/**
 * The header's search (spec sections 4, 5, 9): results under the field 1 s after typing stops, nothing searched
 * under 3 characters, the last 5 searches while the field is focused and empty; Enter opens the results page,
 * Escape closes the panel.
 */
export function SearchPanel() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const lastSearches = useLastSearches();
  const search = useCatalogSearch(text, {
    perPage: PANEL_PAGE_SIZE,
    delayMs: SEARCH_DEBOUNCE_MS,
    onSearch: rememberSearch,
  });
  const term = text.trim();
  const panelId = `${id}-panel`;
  const hintId = `${id}-hint`;

  const close = () => setOpen(false);
  const finish = () => {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSearchable(term)) {
      setOpen(true);
      return;
    }
    rememberSearch(term);
    finish();
    void navigate({ href: searchPath(term) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      inputRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  const showRecent = term === '' && lastSearches.length > 0;
  const showPanel = open && (term !== '' || showRecent);
  const results = search?.text === term ? search : undefined;

  return (
    <div className="search-panel" onKeyDown={onKeyDown} onBlur={onBlur}>
      <form role="search" className="search-panel__form" onSubmit={submit} aria-label={t('search.label')}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="search-panel__input"
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={text}
          aria-describedby={hintId}
          aria-controls={panelId}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          data-testid="search-input"
        />
        <button type="submit" className="search-panel__submit">
          <span className="visually-hidden">{t('search.submit')}</span>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      <p id={hintId} className="visually-hidden">
        {t('search.hint')}
      </p>
      <div id={panelId} className="search-panel__popup" hidden={!showPanel} data-testid="search-panel">
        {showRecent && (
          <section aria-labelledby={`${id}-recent`}>
            <h2 id={`${id}-recent`} className="search-panel__heading">
              {t('search.recent')}
            </h2>
            <ul className="search-panel__list" data-testid="last-searches">
              {lastSearches.map((recent) => (
                <li key={recent}>
                  <SpaLink href={searchPath(recent)} className="search-panel__link" onClick={finish}>
                    {recent}
                  </SpaLink>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div role="status" className="search-panel__status" data-testid="search-status">
          {term !== '' && !isSearchable(term) && t('search.tooShort')}
          {isSearchable(term) && !results && t('search.searching')}
          {results && (results.total === 0 ? t('search.none') : t('search.found', { count: results.total }))}
        </div>
        {results && results.items.length > 0 && (
          <>
            <ul className="search-panel__list" data-testid="search-results">
              {results.items.map((product) => (
                <li key={product.sku}>
                  <SpaLink
                    href={productPath(product.slug, product.sku)}
                    className="search-panel__link search-panel__result"
                    data-sku={product.sku}
                    onClick={finish}
                  >
                    <span className="search-panel__name" lang={bulgarianOnlyLang(language)}>
                      {product.name}
                    </span>
                    <Price amount={product.priceInclTax} />
                  </SpaLink>
                </li>
              ))}
            </ul>
            <SpaLink href={searchPath(term)} className="search-panel__all" onClick={finish}>
              {t('search.all', { count: results.total })}
            </SpaLink>
          </>
        )}
      </div>
    </div>
  );
}
