import { AD_CONDITIONS, type AdCondition } from '../../schema/ads/ad.ts';
import { AD_SORTS, type AdListQuery } from '../../schema/ads/ad-list.ts';
import { parseEuroCents } from './ad-form-model.ts';

/** The list page's filter form, as typed. */
export interface AdListFilters {
  q: string;
  category: string;
  model: string;
  condition: string;
  priceMin: string;
  priceMax: string;
  city: string;
  sort: string;
}

export const NO_FILTERS: AdListFilters = {
  q: '',
  category: '',
  model: '',
  condition: '',
  priceMin: '',
  priceMax: '',
  city: '',
  sort: 'newest',
};

/** The page size of /posts/sell: a phone's few screens; the spec's default of 50 is the API's. */
export const AD_PAGE_SIZE = 24;

/**
 * The `POST /api/sell/catalog` query of the filters and the page: empty fields left out, prices in cents (an
 * unreadable one ignored rather than refused: the box shows what was typed), a page number from 1. Pure.
 */
export const listQueryOf = (filters: AdListFilters, page: number): Partial<AdListQuery> => {
  const trimmed = (text: string) => text.trim() || undefined;
  const priceMin = filters.priceMin.trim() ? parseEuroCents(filters.priceMin) : undefined;
  const priceMax = filters.priceMax.trim() ? parseEuroCents(filters.priceMax) : undefined;
  const condition = AD_CONDITIONS.find((c): c is AdCondition => c === filters.condition);
  const sort = AD_SORTS.find((s) => s === filters.sort) ?? 'newest';
  const query: Partial<AdListQuery> = {
    q: trimmed(filters.q),
    category: trimmed(filters.category),
    model: trimmed(filters.model),
    condition,
    priceMin,
    priceMax,
    city: trimmed(filters.city),
    sort,
    from: Math.max(0, page - 1) * AD_PAGE_SIZE,
    size: AD_PAGE_SIZE,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Partial<AdListQuery>;
};
