import type { ReactNode } from 'react';
import { TextField } from './text-field.tsx';
import type { FieldBinding } from './field-binding.ts';
import { useT } from '../../i18n/use-t.tsx';
import '../../i18n/account-texts.ts';

export interface AddressBindings {
  firstName: FieldBinding;
  lastName: FieldBinding;
  streetAddress: FieldBinding;
  phoneNumber: FieldBinding;
}

/**
 * A delivery address, the same on the account's saved address and the checkout's shipping step: the recipient's
 * names, the street, then the place (`children`: the checkout's city combobox, or the account's city and postcode),
 * then the phone, with the browser's shipping autocomplete hints throughout.
 */
export function AddressFields({ bindings, children }: { bindings: AddressBindings; children: ReactNode }) {
  const { t } = useT();
  return (
    <>
      <TextField
        binding={bindings.firstName}
        label={t('account.fields.firstName')}
        autoComplete="shipping given-name"
        required
      />
      <TextField
        binding={bindings.lastName}
        label={t('account.fields.lastName')}
        autoComplete="shipping family-name"
        required
      />
      <TextField
        binding={bindings.streetAddress}
        label={t('account.fields.streetAddress')}
        autoComplete="shipping street-address"
        required
      />
      {children}
      <TextField
        binding={bindings.phoneNumber}
        label={t('account.fields.phoneNumber')}
        hint={t('account.fields.phoneHint')}
        type="tel"
        autoComplete="shipping tel"
        required
      />
    </>
  );
}
