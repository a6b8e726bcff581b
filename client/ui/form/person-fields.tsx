import { TextField } from './text-field.tsx';
import type { FieldBinding } from './field-binding.ts';
import { useT } from '../../i18n/use-t.tsx';
import '../../i18n/account-texts.ts';

/** The bindings of a person's fields, whatever each form calls them (the account's `firstname`, checkout's `firstName`). */
export interface PersonBindings {
  firstName: FieldBinding;
  lastName: FieldBinding;
  email: FieldBinding;
  egn: FieldBinding;
}

/**
 * A shopper's own fields, the same on the register form, the profile form and the checkout's first step: names,
 * e-mail and the optional ЕГН, with the same labels, autocomplete hints and keyboards everywhere.
 */
export function PersonFields({ bindings }: { bindings: PersonBindings }) {
  const { t } = useT();
  return (
    <>
      <TextField
        binding={bindings.firstName}
        label={t('account.fields.firstName')}
        autoComplete="given-name"
        required
      />
      <TextField binding={bindings.lastName} label={t('account.fields.lastName')} autoComplete="family-name" required />
      <TextField
        binding={bindings.email}
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        binding={bindings.egn}
        label={t('account.fields.egn')}
        hint={t('account.fields.egnHint')}
        autoComplete="off"
        inputMode="numeric"
      />
    </>
  );
}
