import { useState } from 'react';
import { invoiceDataBodySchema, type InvoiceDataBody } from '../../schema/account/profile-calls.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { notify } from '../ui/notifications.tsx';
import { useCurrentUser } from './current-user.tsx';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { blankValues, INVOICE_FIELDS } from './form-schemas.ts';
import { TextField } from '../ui/form/text-field.tsx';
import { accountSession, useStartStoreClient } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import { browserDraftStorage, readDraft, writeDraft } from '../lib/user-drafts.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/**
 * '/my-account/invoice-details': the company invoices are made out to (POST /api/user/update-invoice-data). The
 * server has no call to read them back yet, so the form starts from the last details sent from this device.
 */
export function InvoiceDetailsPage() {
  const { t } = useT();
  useDocumentTitle(t('account.invoice.title'));
  const user = useCurrentUser();
  useStartStoreClient();
  const [initial] = useState(() => {
    const storage = browserDraftStorage();
    const saved = storage ? readDraft(storage, 'invoice', user.id, INVOICE_FIELDS) : {};
    return { ...blankValues(INVOICE_FIELDS), ...saved };
  });
  const form = useAccountForm({
    fields: INVOICE_FIELDS,
    initial,
    schema: invoiceDataBodySchema,
    send: (data) =>
      accountSession().then((s) => s.call<InvoiceDataBody>('/update-invoice-data', { method: 'POST', body: data })),
    onDone: (_result, data) => {
      const storage = browserDraftStorage();
      if (storage) writeDraft(storage, 'invoice', user.id, data);
      notify({ kind: 'success', message: { key: 'account.invoice.saved' } });
    },
  });
  return (
    <div className="page account-page" data-testid="invoice-details-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.invoice.title')}
      </h1>
      <p className="page__intro">{t('account.invoice.intro')}</p>
      <form
        className="account-form account-card"
        noValidate
        onSubmit={form.onSubmit}
        aria-label={t('account.invoice.title')}
      >
        <FormError message={form.formError} />
        <TextField
          binding={form.field('company')}
          label={t('account.fields.company')}
          autoComplete="organization"
          required
        />
        <TextField
          binding={form.field('eik')}
          label={t('account.fields.eik')}
          autoComplete="off"
          inputMode="numeric"
          required
        />
        <TextField
          binding={form.field('vatNumber')}
          label={t('account.fields.vatNumber')}
          hint={t('account.fields.vatNumberHint')}
          autoComplete="off"
        />
        <TextField binding={form.field('mol')} label={t('account.fields.mol')} autoComplete="name" required />
        <TextField
          binding={form.field('city')}
          label={t('account.fields.city')}
          autoComplete="address-level2"
          required
        />
        <TextField
          binding={form.field('streetAddress')}
          label={t('account.fields.streetAddress')}
          autoComplete="street-address"
          required
        />
        <SubmitButton submitting={form.submitting}>{t('account.invoice.submit')}</SubmitButton>
      </form>
    </div>
  );
}
