import {
  AD_MAX_PHOTOS,
  AD_MAX_PRICE_CENTS,
  adInputSchema,
  type AdCondition,
  type AdInput,
  type OwnAd,
} from '../../schema/ads/ad.ts';

/**
 * The ad form as the shopper fills it (every field a string, as inputs give them), and the `ad.save` payload made
 * from it by the contract's own schema (schema/ads/ad.ts), so the device refuses exactly what the server would, and
 * names the field. Pure: the page (ad-form.tsx) holds the state.
 */
export interface AdFormValues {
  title: string;
  description: string;
  category: string;
  model: string;
  condition: AdCondition | '';
  priceKind: 'fixed' | 'negotiable';
  /** Euro, as typed: "450", "450,50", "1 200.5". */
  price: string;
  city: string;
  photos: readonly string[];
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

/** The form's fields in page order: the first with a problem gets the focus after a refused submit. */
export const AD_FORM_FIELDS = [
  'title',
  'description',
  'category',
  'model',
  'condition',
  'price',
  'city',
  'photos',
  'contactName',
  'contactPhone',
  'contactEmail',
] as const;
export type AdFormField = (typeof AD_FORM_FIELDS)[number];

/** A problem as the form shows it: a key under `ads.errors` and its values. */
export interface AdFieldError {
  key: string;
  params?: Record<string, number>;
}
export type AdFormErrors = Partial<Record<AdFormField, AdFieldError>>;

/** The account's contact details the form starts with (spec: contact prefilled from the account). */
export interface AdContactDefaults {
  name: string;
  phone: string;
  email: string;
}

export const emptyAdForm = (contact: AdContactDefaults): AdFormValues => ({
  title: '',
  description: '',
  category: '',
  model: '',
  condition: '',
  priceKind: 'fixed',
  price: '',
  city: '',
  photos: [],
  contactName: contact.name,
  contactPhone: contact.phone,
  contactEmail: contact.email,
});

/** Cents as the form shows them in euro: 45000 → "450", 45050 → "450,50" (the Bulgarian decimal comma). */
export const centsToEuroText = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');

/** An ad being edited, as the form starts with it. */
export const formValuesOf = (ad: OwnAd): AdFormValues => ({
  title: ad.title,
  description: ad.description,
  category: ad.category,
  model: ad.model ?? '',
  condition: ad.condition,
  priceKind: ad.price.kind,
  price: ad.price.kind === 'fixed' ? centsToEuroText(ad.price.cents) : '',
  city: ad.city,
  photos: ad.photos,
  contactName: ad.contact.name,
  contactPhone: ad.contact.phone,
  contactEmail: ad.contact.email ?? '',
});

/**
 * A euro amount as typed, in cents: spaces (thousands) and a trailing € or "EUR" are ignored, a comma or a point is
 * the decimal mark, at most two decimals. Undefined for anything else (the form says "enter a price").
 */
export const parseEuroCents = (text: string): number | undefined => {
  const cleaned = text
    .replace(/\s|\u00a0/g, '')
    .replace(/(€|eur|евро)$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

const fieldOfPath = (path: readonly PropertyKey[]): AdFormField | undefined => {
  const [head, next] = path;
  if (head === 'contact') {
    if (next === 'name') return 'contactName';
    if (next === 'phone') return 'contactPhone';
    if (next === 'email') return 'contactEmail';
    return undefined;
  }
  return AD_FORM_FIELDS.find((field) => field === head);
};

/** The schema's English message as a translated one (the schema's wording is the server's, for API callers). */
export const errorOfMessage = (field: AdFormField, message: string): AdFieldError => {
  const bound = /must be (at least|at most) (\d+)/.exec(message);
  if (field === 'photos' && bound?.[1] === 'at most') return { key: 'photosMax', params: { n: Number(bound[2]) } };
  if (bound) return { key: bound[1] === 'at least' ? 'min' : 'max', params: { n: Number(bound[2]) } };
  if (/plain text/.test(message)) return { key: 'markup' };
  if (field === 'contactPhone') return { key: 'phone' };
  if (field === 'contactEmail') return { key: 'email' };
  if (field === 'price') return { key: 'price' };
  return { key: 'invalid' };
};

export type AdPayloadResult = { ok: true; ad: AdInput } | { ok: false; errors: AdFormErrors };

/**
 * The `ad.save` payload of the form, or the first problem of each field. Empty required choices (category,
 * condition) and an unreadable price are the form's own problems; everything else is the contract schema's.
 */
export const adPayloadOf = (id: string, values: AdFormValues): AdPayloadResult => {
  const errors: AdFormErrors = {};
  const cents = values.priceKind === 'fixed' ? parseEuroCents(values.price) : undefined;
  if (values.priceKind === 'fixed' && (cents === undefined || cents <= 0)) errors.price = { key: 'price' };
  if (values.category.trim() === '') errors.category = { key: 'required' };
  if (values.condition === '') errors.condition = { key: 'required' };
  if (values.photos.length > AD_MAX_PHOTOS) errors.photos = { key: 'photosMax', params: { n: AD_MAX_PHOTOS } };
  const email = values.contactEmail.trim();
  const candidate = {
    id,
    title: values.title,
    description: values.description,
    category: values.category,
    ...(values.model.trim() ? { model: values.model } : {}),
    condition: values.condition || 'good',
    price: values.priceKind === 'negotiable' ? { kind: 'negotiable' } : { kind: 'fixed', cents: cents ?? 1 },
    city: values.city,
    photos: [...values.photos],
    contact: {
      name: values.contactName,
      phone: values.contactPhone.trim(),
      ...(email ? { email } : {}),
    },
  };
  const parsed = adInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path);
      if (field && !errors[field]) {
        errors[field] =
          field === 'price' && cents !== undefined && cents > AD_MAX_PRICE_CENTS
            ? { key: 'priceMax' }
            : errorOfMessage(field, issue.message);
      }
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return parsed.success ? { ok: true, ad: parsed.data } : { ok: false, errors: { title: { key: 'invalid' } } };
};

/** The fields with a problem, in page order. */
export const invalidAdFields = (errors: AdFormErrors): AdFormField[] =>
  AD_FORM_FIELDS.filter((field) => errors[field] !== undefined);
