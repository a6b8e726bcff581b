import { useState } from 'react';
import type { AccountResult } from '../store/index.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { notify } from '../ui/notifications.tsx';
import { useCurrentUser } from './current-user.tsx';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { blankValues } from './form-schemas.ts';
import { SHIPPING_FIELDS, shippingDetailsSchema, type ShippingDetails } from './shipping-details.ts';
import { AddressFields } from '../ui/form/address-fields.tsx';
import { TextField } from '../ui/form/text-field.tsx';
import { useAccountForm } from './use-account-form.ts';
import { browserDraftStorage, readDraft, writeDraft } from '../lib/user-drafts.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/** Said over the form when the browser refuses to store the address. */
const NOT_SAVED = { ok: false, status: 400, message: 'account.shipping.notSaved' } as const;

/**
 * '/my-account/shipping-details': the address orders are sent to. The server has no call for it yet, so it is kept
 * on this device, per user, and removed at logout (see user-drafts.ts); checkout can prefill from it.
 */
export function ShippingDetailsPage() {
  const { t } = useT();
  useDocumentTitle(t('account.shipping.title'));
  const user = useCurrentUser();
  const [initial] = useState(() => {
    const storage = browserDraftStorage();
    const saved = storage ? readDraft(storage, 'shipping', user.id, SHIPPING_FIELDS) : {};
    return { ...blankValues(SHIPPING_FIELDS), firstName: user.firstname, lastName: user.lastname, ...saved };
  });
  const form = useAccountForm({
    fields: SHIPPING_FIELDS,
    initial,
    schema: shippingDetailsSchema,
    send: (details): Promise<AccountResult<ShippingDetails>> => {
      const storage = browserDraftStorage();
      const saved = storage !== null && writeDraft(storage, 'shipping', user.id, details);
      return Promise.resolve(saved ? { ok: true, result: details } : NOT_SAVED);
    },
    onDone: () => notify({ kind: 'success', message: { key: 'account.shipping.saved' } }),
  });
  return (
    <div className="page account-page" data-testid="shipping-details-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.shipping.title')}
      </h1>
      <p className="page__intro">{t('account.shipping.intro')}</p>
      <form
        className="account-form account-card"
        noValidate
        onSubmit={form.onSubmit}
        aria-label={t('account.shipping.title')}
      >
        <FormError message={form.formError} />
        <AddressFields
          bindings={{
            firstName: form.field('firstName'),
            lastName: form.field('lastName'),
            streetAddress: form.field('streetAddress'),
            phoneNumber: form.field('phoneNumber'),
          }}
        >
          <TextField
            binding={form.field('city')}
            label={t('account.fields.city')}
            autoComplete="shipping address-level2"
            required
          />
          <TextField
            binding={form.field('zipCode')}
            label={t('account.fields.zipCode')}
            autoComplete="shipping postal-code"
            inputMode="numeric"
            required
          />
          <div className="account-field">
            <span className="account-field__label">{t('account.fields.country')}</span>
            <p className="account-field__static">{t('account.shipping.countryBg')}</p>
          </div>
        </AddressFields>
        <SubmitButton submitting={form.submitting}>{t('account.shipping.submit')}</SubmitButton>
      </form>
    </div>
  );
}
