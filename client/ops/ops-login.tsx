import { useId, useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import type { AccountSession } from '../store/index.ts';

/**
 * The operator's login: the shop's own session (the same account, tokens and refresh lock), so the console and the
 * shop in other tabs are logged in together.
 */
export function OpsLogin({ session }: { session: AccountSession | null }) {
  const { t } = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session || sending) return;
    setSending(true);
    setFailed(null);
    const answer = await session.login(email.trim(), password);
    setSending(false);
    if (!answer.ok) setFailed(answer.status === 0 ? t('ops.offline') : t('ops.login.failed'));
  };

  return (
    <section className="ops-login" aria-labelledby={`${id}-h`}>
      <h1 id={`${id}-h`} tabIndex={-1} data-page-heading>
        {t('ops.login.heading')}
      </h1>
      <p className="ops-muted">{t('ops.login.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-email`}>{t('ops.login.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor={`${id}-password`}>{t('ops.login.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {failed && (
          <p className="ops-error" role="alert">
            {failed}
          </p>
        )}
        <Button type="submit" disabled={!session || sending}>
          {sending ? t('ops.login.sending') : t('ops.login.submit')}
        </Button>
      </form>
    </section>
  );
}
