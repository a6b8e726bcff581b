import { useNavigate, useParams } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { User } from '../../schema/account/user.ts';
import { AD_CONDITIONS, type AdCondition } from '../../schema/ads/ad.ts';
import { forgetPhotos } from '../ad-photos/index.ts';
import './add-texts.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { saveAd } from './ad-actions.ts';
import { Select, TextArea, TextInput } from './ad-fields.tsx';
import {
  adPayloadOf,
  emptyAdForm,
  formValuesOf,
  invalidAdFields,
  type AdFieldError,
  type AdFormErrors,
  type AdFormField,
  type AdFormValues,
} from './ad-form-model.ts';
import { AdPhotosField } from './ad-photos-field.tsx';
import type { ShownAd } from './ad-view.ts';
import {
  contactDefaultsOf,
  useAdCategories,
  useAdUser,
  useCategoryName,
  useMyAds,
  useStartStore,
} from './use-ad-data.ts';
import '../ui/form/form.css';
import './ads.css';

const startingValues = (
  isNew: boolean,
  user: User | null | undefined,
  editing: ShownAd | undefined,
): AdFormValues | undefined => {
  if (isNew) {
    if (!user) return undefined;
    const contact = contactDefaultsOf(user);
    return { ...emptyAdForm(contact), city: contact.city };
  }
  return editing
    ? formValuesOf({ ...editing, status: editing.status === 'sending' ? 'wait' : editing.status })
    : undefined;
};

/**
 * '/my-account/my-sell/new' and '/my-account/my-sell/edit/{id}': the ad form. Its values become the `ad.save`
 * payload by the contract's schema (ad-form-model.ts); each field shows its first problem, and the first field with
 * one gets the focus. Saving works offline (the command is queued); the same content is sent once a session.
 */
export function AdFormPage() {
  const { t } = useT();
  useStartStore();
  const { id: editId } = useParams({ strict: false });
  const navigate = useNavigate();
  const formId = useId();
  const user = useAdUser();
  const ads = useMyAds();
  const categories = useAdCategories();
  const categoryName = useCategoryName(categories);
  const [newId] = useState(() => crypto.randomUUID());
  const adId = editId ?? newId;
  const isNew = editId === undefined;
  const editing = isNew ? undefined : ads?.find((ad) => ad.id === editId);
  const [edited, setEdited] = useState<AdFormValues | undefined>(undefined);
  const [errors, setErrors] = useState<AdFormErrors>({});
  const [summary, setSummary] = useState(false);
  const submitting = useRef(false);
  const added = useRef(new Set<string>());
  useDocumentTitle(t(isNew ? 'ads.form.newTitle' : 'ads.form.editTitle'));

  // The form starts from what is known: the account (new) or the ad (edit); the shopper's edits replace it.
  const values = edited ?? startingValues(isNew, user, editing);

  if (!values) {
    const missing = !isNew && ads !== undefined && !editing;
    return <p className="page">{missing ? t('ads.form.notFound') : t('ads.form.loading')}</p>;
  }

  const set =
    <F extends keyof AdFormValues>(field: F) =>
    (value: AdFormValues[F]) => {
      setEdited({ ...values, [field]: value, ...(field === 'category' ? { model: '' } : {}) });
      if (field in errors) setErrors(({ [field as AdFormField]: _fixed, ...rest }) => rest);
    };
  // Keys built at run time: the loose `t` (client/ui/form/use-message-text.ts does the same).
  const translate = t as unknown as (key: string, params?: Record<string, number>) => string;
  const errorText = (error: AdFieldError | undefined) =>
    error ? translate(`ads.errors.${error.key}`, error.params) : undefined;
  const fieldId = (field: AdFormField) => `${formId}-${field}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const result = adPayloadOf(adId, values);
    if (!result.ok) {
      setErrors(result.errors);
      setSummary(true);
      const [first] = invalidAdFields(result.errors);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    setSummary(false);
    submitting.current = true;
    try {
      const outcome = await saveAd(result.ad, isNew);
      if (outcome !== 'failed') await navigate({ to: '/my-account/my-sell' });
    } finally {
      submitting.current = false;
    }
  };

  const category = categories?.find((c) => c.slug === values.category);
  const models = category?.models ?? [];
  return (
    <div className="page account-page" data-testid="ad-form-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t(isNew ? 'ads.form.newTitle' : 'ads.form.editTitle')}
      </h1>
      <form className="account-form ad-form" noValidate onSubmit={(event) => void submit(event)}>
        <div role="alert">{summary && <p className="banner banner--error">{t('ads.form.fixFields')}</p>}</div>
        <TextInput
          id={fieldId('title')}
          label={t('ads.form.title')}
          value={values.title}
          onChange={set('title')}
          error={errorText(errors.title)}
          maxLength={80}
          required
        />
        <TextArea
          id={fieldId('description')}
          label={t('ads.form.description')}
          hint={t('ads.form.descriptionHint')}
          value={values.description}
          onChange={set('description')}
          error={errorText(errors.description)}
          maxLength={4000}
          required
        />
        <Select
          id={fieldId('category')}
          label={t('ads.form.category')}
          value={values.category}
          onChange={set('category')}
          error={errorText(errors.category)}
          required
          options={[
            { value: '', label: t('ads.form.chooseCategory') },
            ...(categories ?? []).map((c) => ({ value: c.slug, ...categoryName(c.slug) })),
            // An ad's category the device's catalogue does not know (yet) stays choosable.
            ...(values.category && !category ? [{ value: values.category, label: values.category }] : []),
          ]}
        />
        <Select
          id={fieldId('model')}
          label={t('ads.form.model')}
          value={values.model}
          onChange={set('model')}
          error={errorText(errors.model)}
          options={[
            { value: '', label: t('ads.form.noModel') },
            ...models.map((m) => ({ value: m, label: m })),
            ...(values.model && !models.includes(values.model) ? [{ value: values.model, label: values.model }] : []),
          ]}
        />
        <Select
          id={fieldId('condition')}
          label={t('ads.form.condition')}
          value={values.condition}
          onChange={(value) => set('condition')(AD_CONDITIONS.find((c): c is AdCondition => c === value) ?? '')}
          error={errorText(errors.condition)}
          required
          options={[
            { value: '', label: '—' },
            ...AD_CONDITIONS.map((c) => ({ value: c, label: t(`ads.conditions.${c}`) })),
          ]}
        />
        <fieldset className="account-field ad-fieldset">
          <legend className="account-field__label">{t('ads.form.price')}</legend>
          <label>
            <input
              type="radio"
              name={`${formId}-price-kind`}
              checked={values.priceKind === 'fixed'}
              onChange={() => set('priceKind')('fixed')}
            />{' '}
            {t('ads.form.priceFixed')}
          </label>
          <label>
            <input
              type="radio"
              name={`${formId}-price-kind`}
              checked={values.priceKind === 'negotiable'}
              onChange={() => set('priceKind')('negotiable')}
            />{' '}
            {t('ads.form.priceNegotiable')}
          </label>
          {values.priceKind === 'fixed' && (
            <TextInput
              id={fieldId('price')}
              label={t('ads.form.priceAmount')}
              hint={t('ads.form.priceHint')}
              inputMode="decimal"
              value={values.price}
              onChange={set('price')}
              error={errorText(errors.price)}
              required
            />
          )}
        </fieldset>
        <TextInput
          id={fieldId('city')}
          label={t('ads.form.city')}
          autoComplete="address-level2"
          value={values.city}
          onChange={set('city')}
          error={errorText(errors.city)}
          maxLength={60}
          required
        />
        <AdPhotosField
          photos={values.photos}
          onChange={(photos) => {
            for (const photo of photos) if (!values.photos.includes(photo)) added.current.add(photo);
            set('photos')(photos);
          }}
          onDropped={(photo) => {
            if (added.current.delete(photo)) void forgetPhotos([photo]);
          }}
          error={errorText(errors.photos)}
        />
        <fieldset className="account-field ad-fieldset">
          <legend className="account-field__label">{t('ads.form.contact')}</legend>
          <TextInput
            id={fieldId('contactName')}
            label={t('ads.form.contactName')}
            autoComplete="name"
            value={values.contactName}
            onChange={set('contactName')}
            error={errorText(errors.contactName)}
            maxLength={50}
            required
          />
          <TextInput
            id={fieldId('contactPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            label={t('ads.form.contactPhone')}
            value={values.contactPhone}
            onChange={set('contactPhone')}
            error={errorText(errors.contactPhone)}
            required
          />
          <TextInput
            id={fieldId('contactEmail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            label={t('ads.form.contactEmail')}
            value={values.contactEmail}
            onChange={set('contactEmail')}
            error={errorText(errors.contactEmail)}
            maxLength={100}
          />
        </fieldset>
        <Button type="submit" block>
          {t(isNew ? 'ads.form.submitNew' : 'ads.form.submitEdit')}
        </Button>
      </form>
    </div>
  );
}
