import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { AD_CONDITIONS } from '../../schema/ads/ad.ts';
import { AD_SORTS } from '../../schema/ads/ad-list.ts';
import './add-texts.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { Select, TextInput } from './ad-fields.tsx';
import { AdTile } from './ad-tile.tsx';
import { AD_PAGE_SIZE, listQueryOf, NO_FILTERS, type AdListFilters } from './list-query.ts';
import { publicAds, type AdListAnswer } from './public-ads.ts';
import { useAdCategories, useCategoryName, useStartStore } from './use-ad-data.ts';

/**
 * '/posts/sell': the published second-hand ads (spec: POST /api/sell/catalog), with a search box, filters (category,
 * model, condition, price, city), sort and pages. The server's answer while online; offline, the device's last
 * answer to the same query, said so.
 */
export function AdsListPage() {
  const { t } = useT();
  useDocumentTitle(t('ads.list.title'));
  useStartStore();
  const formId = useId();
  const categories = useAdCategories();
  const categoryName = useCategoryName(categories);
  const [draft, setDraft] = useState<AdListFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AdListFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [answered, setAnswered] = useState<{ query: string; answer: AdListAnswer } | undefined>(undefined);
  const query = useMemo(() => listQueryOf(filters, page), [filters, page]);
  const queryKey = JSON.stringify(query);
  // The answer to the query shown, not an earlier one (while the next is on its way, the page says it loads).
  const answer = answered?.query === queryKey ? answered.answer : undefined;

  useEffect(() => {
    let live = true;
    void publicAds()
      .list(query)
      .then((next) => live && setAnswered({ query: JSON.stringify(query), answer: next }));
    return () => {
      live = false;
    };
  }, [query]);

  const set = (field: keyof AdListFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value, ...(field === 'category' ? { model: '' } : {}) }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const models = categories?.find((c) => c.slug === draft.category)?.models ?? [];
  const total = answer?.kind === 'ok' ? answer.result.total : 0;
  const pages = Math.max(1, Math.ceil(total / AD_PAGE_SIZE));

  return (
    <div className="page ads-page" data-testid="ads-list-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('ads.list.title')}
      </h1>
      <p>
        <SpaLink href="/my-account/my-sell/new">{t('ads.list.sell')}</SpaLink>
      </p>
      <form className="account-form ads-filters" role="search" aria-label={t('ads.list.filters')} onSubmit={apply}>
        <TextInput
          id={`${formId}-q`}
          type="search"
          inputMode="search"
          label={t('ads.list.search')}
          value={draft.q}
          onChange={set('q')}
          maxLength={100}
        />
        <Select
          id={`${formId}-category`}
          label={t('ads.form.category')}
          value={draft.category}
          onChange={set('category')}
          options={[
            { value: '', label: t('ads.list.allCategories') },
            ...(categories ?? []).map((c) => ({ value: c.slug, ...categoryName(c.slug) })),
          ]}
        />
        <Select
          id={`${formId}-model`}
          label={t('ads.form.model')}
          value={draft.model}
          onChange={set('model')}
          options={[{ value: '', label: t('ads.list.allModels') }, ...models.map((m) => ({ value: m, label: m }))]}
        />
        <Select
          id={`${formId}-condition`}
          label={t('ads.form.condition')}
          value={draft.condition}
          onChange={set('condition')}
          options={[
            { value: '', label: t('ads.list.anyCondition') },
            ...AD_CONDITIONS.map((c) => ({ value: c, label: t(`ads.conditions.${c}`) })),
          ]}
        />
        <TextInput
          id={`${formId}-price-min`}
          inputMode="decimal"
          label={t('ads.list.priceMin')}
          value={draft.priceMin}
          onChange={set('priceMin')}
        />
        <TextInput
          id={`${formId}-price-max`}
          inputMode="decimal"
          label={t('ads.list.priceMax')}
          value={draft.priceMax}
          onChange={set('priceMax')}
        />
        <TextInput id={`${formId}-city`} label={t('ads.list.city')} value={draft.city} onChange={set('city')} />
        <Select
          id={`${formId}-sort`}
          label={t('ads.list.sort')}
          value={draft.sort}
          onChange={set('sort')}
          options={AD_SORTS.map((s) => ({ value: s, label: t(`ads.list.sorts.${s}`) }))}
        />
        <Button type="submit">{t('ads.list.apply')}</Button>
        <Button variant="quiet" onClick={reset}>
          {t('ads.list.reset')}
        </Button>
      </form>

      <div aria-live="polite" className="ads-results">
        {answer === undefined && <p>{t('ads.list.loading')}</p>}
        {answer?.kind === 'unavailable' && <p className="banner banner--warning">{t('ads.list.unavailable')}</p>}
        {answer?.kind === 'ok' && (
          <>
            {answer.source === 'device' && <p className="banner banner--offline">{t('ads.list.offline')}</p>}
            <p data-testid="ads-count">{t('ads.list.count', { count: answer.result.total })}</p>
            {answer.result.items.length === 0 && <p>{t('ads.list.empty')}</p>}
          </>
        )}
      </div>
      {answer?.kind === 'ok' && answer.result.items.length > 0 && (
        <ul className="grid" data-testid="ads-grid">
          {answer.result.items.map((ad) => (
            <AdTile key={ad.id} ad={ad} categoryName={categoryName(ad.category)} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="ads-pager" aria-label={t('ads.list.page', { page, pages })}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('ads.list.previous')}
          </Button>
          <span>{t('ads.list.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('ads.list.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
