import { useEffect, useMemo } from 'react';
import { debounceTime, from, merge, of, shareReplay, switchMap, type Observable } from 'rxjs';
import { attributeSchema } from '../../schema/catalog/attribute.ts';
import { categorySchema, type Category } from '../../schema/catalog/category.ts';
import type { User } from '../../schema/account/user.ts';
import { readDraft } from '../lib/user-drafts.ts';
import { getStoreClient, useStoreClient, type StoreClient } from '../store/index.ts';
import { useObservable } from '../ui/use-observable.ts';
import { categoryName } from '../../schema/catalog/localized.ts';
import { useT } from '../i18n/use-t.tsx';
import { adCategoriesOf, type AdCategory, type ModelSource } from './ad-categories.ts';
import type { AdContactDefaults } from './ad-form-model.ts';
import type { ShownAd } from './ad-view.ts';

/** Starts the tab's local store now: an ads page needs the owner's ads or the device's catalogue at once. */
export const useStartStore = (): void => {
  useEffect(() => {
    void getStoreClient();
  }, []);
};

/** The owner's ads (server's, with this device's pending commands), undefined until the store has answered. */
export const useMyAds = (): readonly ShownAd[] | undefined => useObservable(useStoreClient()?.myAds$);

/** The logged-in user, null for a guest, undefined until known. */
export const useAdUser = (): User | null | undefined => useObservable(useStoreClient()?.account.user$);

/** The contact an ad starts with: the account's name and e-mail, the phone and city of its saved address. */
export const contactDefaultsOf = (user: User): AdContactDefaults & { city: string } => {
  const draft = (() => {
    try {
      return readDraft(localStorage, 'shipping', String(user.id), ['phoneNumber', 'city'] as const);
    } catch {
      return {};
    }
  })();
  return {
    name: `${user.firstname} ${user.lastname}`.trim(),
    phone: draft.phoneNumber ?? '',
    email: user.email,
    city: draft.city ?? '',
  };
};

/**
 * The categories, read again when the device's catalogue changes (a first visit receives it while the page is
 * open), at most once per quiet second: the scan of its products is the page's largest task. Shared by the tab.
 */
let shared: { client: StoreClient; categories$: Observable<AdCategory[]> } | undefined;
const categoriesOf = (client: StoreClient): Observable<AdCategory[]> => {
  if (shared?.client !== client) {
    const categories$ = merge(of(undefined), client.db.catalog.$.pipe(debounceTime(1000))).pipe(
      switchMap(() => from(loadCategories(client).catch(() => [] as AdCategory[]))),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
    shared = { client, categories$ };
  }
  return shared.categories$;
};

const loadCategories = async (client: StoreClient): Promise<AdCategory[]> => {
  const docs = await client.db.catalog
    .find({ selector: { kind: { $in: ['category', 'attribute', 'product'] } } })
    .exec();
  const categories: Category[] = [];
  const products: ModelSource[] = [];
  const labels = new Map<string, string>();
  for (const entry of docs) {
    const json = entry.toJSON() as { kind: string; doc: unknown };
    if (json.kind === 'category') {
      const parsed = categorySchema.safeParse(json.doc);
      if (parsed.success) categories.push(parsed.data);
    } else if (json.kind === 'attribute') {
      const parsed = attributeSchema.safeParse(json.doc);
      if (parsed.success && parsed.data.attribute_code === 'model')
        for (const option of parsed.data.options) labels.set(option.value, option.label);
    } else {
      // Only the two fields read here: a full product parse of the whole catalogue would be seconds on a phone.
      const doc = json.doc as { category_ids?: unknown; attributes?: { model?: unknown } };
      const model = doc.attributes?.model;
      if (Array.isArray(doc.category_ids))
        products.push({
          category_ids: doc.category_ids.filter((id): id is number => typeof id === 'number'),
          model:
            typeof model === 'string'
              ? model
              : Array.isArray(model)
                ? model.filter((m): m is string => typeof m === 'string')
                : undefined,
        });
    }
  }
  return adCategoriesOf(categories, products, labels);
};

/** A category's name as shown, with its language when it is not the page's. */
export interface AdCategoryLabel {
  label: string;
  lang?: string;
}

/** The categories (with their models) an ad may name, from the device's catalogue; undefined while read. */
export const useAdCategories = (): readonly AdCategory[] | undefined => {
  const client = useStoreClient();
  return useObservable(useMemo(() => (client ? categoriesOf(client) : undefined), [client]));
};

/**
 * A category's name by slug in the page's language, for a tile, an ad page or a select: the English name with
 * English chosen where the catalogue has one, else the Bulgarian one marked `lang="bg"`; the slug itself only when
 * the device does not know the category.
 */
export const useCategoryName = (categories: readonly AdCategory[] | undefined) => {
  const { language } = useT();
  return useMemo(() => {
    const known = new Map((categories ?? []).map((c) => [c.slug, c]));
    return (slug: string): AdCategoryLabel => {
      const category = known.get(slug);
      if (!category) return { label: slug };
      const shown = categoryName(category, language);
      return { label: shown.text, ...(shown.lang !== language ? { lang: shown.lang } : {}) };
    };
  }, [categories, language]);
};
