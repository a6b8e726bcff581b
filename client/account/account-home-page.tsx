import { useDocumentTitle } from '../ui/document-title.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DataExportCard } from './data-export-card.tsx';
import { useCurrentUser } from './current-user.tsx';
import { ProfileForm } from './profile-form.tsx';
import { displayName } from './use-account.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';

/** '/my-account': who is logged in, the personal details and the password (the section links are beside). */
export function AccountHomePage() {
  const { t } = useT();
  const user = useCurrentUser();
  useDocumentTitle(t('account.home.title'));
  return (
    <div className="page account-page" data-testid="account-home">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.home.greeting', { name: displayName(user) })}
      </h1>
      <p className="page__intro" data-testid="account-email">
        {t('account.home.signedInAs', { email: user.email })}
      </p>
      {/* Keyed by the user: another account logging in in another tab starts the forms from its own data. */}
      <ProfileForm key={user.id} user={user} />
      <ChangePasswordForm key={`password-${user.id}`} />
      <DataExportCard />
    </div>
  );
}
