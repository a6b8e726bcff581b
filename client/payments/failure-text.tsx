import { useT } from '../i18n/use-t.tsx';
import { PAYMENT_REFUSAL_CODES } from './notices.ts';
import type { PayPhase } from './pay.ts';

const isKnownRefusal = (code: string | undefined): code is (typeof PAYMENT_REFUSAL_CODES)[number] =>
  code !== undefined && (PAYMENT_REFUSAL_CODES as readonly string[]).includes(code);

/** Why the payment did not start: a known refusal in the shopper's language, else the server's words, never nothing. */
export function FailureText({ phase }: { phase: Extract<PayPhase, { kind: 'failed' }> }) {
  const { t } = useT();
  if (isKnownRefusal(phase.code)) return <>{t('payments.failed', { message: t(`refusal.${phase.code}`) })}</>;
  return <>{phase.message ? t('payments.failed', { message: phase.message }) : t('payments.failedGeneric')}</>;
}
