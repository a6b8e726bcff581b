import { useId, useState, type FormEvent } from 'react';
import type { NewsletterStatus } from '../../schema/alerts/account-settings.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { useAlertsTexts } from '../alerts/index.ts';
import { callNewsletter } from './newsletter-api.ts';
import '../ui/form/form.css';

/**
 * The newsletter's form (the account page; a footer or popup may show it to guests too): subscribe or
 * unsubscribe an address, with the server's message shown as it answered (success on code 200, else error).
 * `status`: what the account's settings say, when the shopper is logged in.
 */
export function NewsletterForm({ initialEmail = '', status }: { initialEmail?: string; status?: NewsletterStatus }) {
  const { t, language } = useT();
  const fieldId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);
  const texts = useAlertsTexts();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | undefined>();
  const send = async (method: 'POST' | 'DELETE') => {
    setSending(true);
    const result = await callNewsletter(method, email.trim(), language);
    setSending(false);
    setAnswer({ ok: result.ok, message: result.message ?? t('alerts.newsletter.failed') });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send('POST');
  };
  if (!texts) return null;
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} data-testid="newsletter-form">
      <p>{t('alerts.newsletter.intro')}</p>
      {status ? <p data-testid="newsletter-status">{t(`alerts.newsletter.status.${status}`)}</p> : null}
      <label htmlFor={fieldId}>{t('alerts.newsletter.email')}</label>
      <input
        id={fieldId}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="account-form__actions">
        <Button type="submit" disabled={sending}>
          {sending ? t('alerts.newsletter.sending') : t('alerts.newsletter.subscribe')}
        </Button>
        <Button type="button" variant="secondary" disabled={sending} onClick={() => void send('DELETE')}>
          {t('alerts.newsletter.unsubscribe')}
        </Button>
      </div>
      {answer ? (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={answer.ok ? 'form-success' : 'form-error'}
          data-testid="newsletter-answer"
        >
          {answer.message}
        </p>
      ) : null}
    </form>
  );
}
