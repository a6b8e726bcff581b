import { PersonFields as PersonFieldGroup } from '../ui/form/person-fields.tsx';
import type { AccountForm } from './use-account-form.ts';

type PersonField = 'firstname' | 'lastname' | 'email' | 'egn';

/** The register and profile forms' person fields: the shared group (client/ui/form) bound to the account's names. */
export function PersonFields({ form }: { form: Pick<AccountForm<PersonField>, 'field'> }) {
  return (
    <PersonFieldGroup
      bindings={{
        firstName: form.field('firstname'),
        lastName: form.field('lastname'),
        email: form.field('email'),
        egn: form.field('egn'),
      }}
    />
  );
}
