import { useT } from '../i18n/use-t.tsx';
import { timeLeft } from './payment-view.ts';

/** The time left to pay, in words ("Остават 42 мин"). */
export function TimeLeftText({ dueBy, now }: { dueBy: number; now: number }) {
  const { t } = useT();
  const left = timeLeft(dueBy, now);
  switch (left.kind) {
    case 'over':
      return <>{t('payments.timeLeft.over')}</>;
    case 'lessThanMinute':
      return <>{t('payments.timeLeft.lessThanMinute')}</>;
    case 'minutes':
      return <>{t('payments.timeLeft.minutes', { minutes: left.minutes })}</>;
    case 'hoursMinutes':
      return <>{t('payments.timeLeft.hoursMinutes', { hours: left.hours, minutes: left.minutes })}</>;
  }
}
