import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import i18next from 'i18next';
import { useT } from '../i18n/use-t.tsx';

/**
 * Notifications (spec: a duplicate of the last message is ignored; they vanish after 10 s; OK closes).
 * Messages are kept as translation keys, so switching the language re-renders them.
 */
export const NOTIFICATION_TTL_MS = 10_000;

export type Message = { key: string; params?: Record<string, string | number> } | { text: string };
export type NotificationKind = 'success' | 'error' | 'info';

export interface NotificationInput {
  kind: NotificationKind;
  message: Message;
  action?: { label: Message; to: string };
}

export interface Notification extends NotificationInput {
  id: number;
}

let items: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of [...listeners]) listener();
};

const signature = (n: NotificationInput): string => JSON.stringify([n.kind, n.message, n.action ?? null]);

export const notify = (input: NotificationInput): void => {
  const last = items.at(-1);
  if (last && signature(last) === signature(input)) return;
  items = [...items, { ...input, id: nextId++ }].slice(-4);
  emit();
};

export const dismiss = (id: number): void => {
  items = items.filter((n) => n.id !== id);
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => items;

export const messageText = (message: Message): string =>
  'text' in message ? message.text : (i18next.t as (k: string, p?: object) => string)(message.key, message.params);

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useT();
  const [paused, setPaused] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismiss(notification.id), NOTIFICATION_TTL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, notification.id]);
  const { action } = notification;
  return (
    <li
      ref={ref}
      className={`toast toast--${notification.kind}`}
      data-testid="notification"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(ref.current?.contains(document.activeElement) ?? false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <span className="toast__icon" aria-hidden="true">
        {notification.kind === 'success' ? '✓' : notification.kind === 'error' ? '!' : 'i'}
      </span>
      <p className="toast__text">{messageText(notification.message)}</p>
      <div className="toast__actions">
        {action && (
          <Link to={action.to} className="toast__link" onClick={() => dismiss(notification.id)}>
            {messageText(action.label)}
          </Link>
        )}
        <button type="button" className="toast__ok" onClick={() => dismiss(notification.id)}>
          {t('notify.ok')}
        </button>
      </div>
    </li>
  );
}

/** The live region: always in the page, so screen readers announce what is added to it. */
export function Notifications() {
  const { t } = useT();
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <section className="toasts" aria-label={t('notify.region')}>
      <ol className="toasts__list" aria-live="polite" aria-relevant="additions text">
        {list.map((n) => (
          <NotificationItem key={n.id} notification={n} />
        ))}
      </ol>
    </section>
  );
}
