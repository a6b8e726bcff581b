import { useT } from '../i18n/use-t.tsx';
import { useMessageText } from '../ui/form/use-message-text.ts';
import type { SendPhase } from './use-send-message.ts';
import '../ui/form/form.css';

/** What became of the message, announced: progress, queued offline, the spec's success text, or why not. */
export function SendStatus({ phase, sentKey, invalid }: { phase: SendPhase; sentKey: string; invalid: boolean }) {
  const { t } = useT();
  const text = useMessageText();
  return (
    <div role="status" className="account-form__status-slot" data-testid="message-status">
      {invalid && <p className="banner banner--error">{t('messages.errors.fix')}</p>}
      {phase.kind === 'solving' && <p className="banner banner--info">{t('messages.solving')}</p>}
      {phase.kind === 'sending' && <p className="banner banner--info">{t('messages.sending')}</p>}
      {phase.kind === 'queued' && <p className="banner banner--info">{t('messages.queued')}</p>}
      {phase.kind === 'sent' && (
        <p className="banner banner--info" data-testid="message-sent">
          {text({ key: sentKey })}
        </p>
      )}
      {phase.kind === 'failed' && (
        <p className="banner banner--error" data-testid="message-failed">
          {text(phase.message)}
        </p>
      )}
    </div>
  );
}
