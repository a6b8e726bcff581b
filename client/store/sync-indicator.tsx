import { useSyncState } from './store-client.tsx';
import { useT } from '../i18n/use-t.tsx';
import './sync-indicator.css';

/**
 * Always visible: whether the store is reachable and how many changes wait to be sent.
 * A polite status region, so a screen reader hears "Офлайн" or "1 чакащ" when it changes.
 */
export function SyncIndicator() {
  const { t } = useT();
  const { online, connected, waiting, identityReady } = useSyncState();
  const mode = !online ? 'offline' : connected ? 'online' : 'connecting';
  return (
    <div
      className={`sync sync--${mode}${waiting > 0 ? ' sync--waiting' : ''}`}
      role="status"
      aria-label={t('sync.label')}
      data-testid="sync-state"
      data-online={String(online)}
      data-waiting={waiting}
      // Whether this device has its cart identity yet (tests and support read it; nothing is shown for it).
      data-identity={identityReady ? 'ready' : 'pending'}
      title={t('sync.waitingHint', { count: waiting })}
    >
      <span className="sync__dot" aria-hidden="true" />
      <span className="sync__mode" data-testid="sync-mode">
        {t(`sync.${mode}`)}
      </span>{' '}
      <span className="sync__sep" aria-hidden="true">
        ·
      </span>{' '}
      <span className="sync__waiting" data-testid="sync-waiting">
        {t('sync.waiting', { count: waiting })}
      </span>
    </div>
  );
}
