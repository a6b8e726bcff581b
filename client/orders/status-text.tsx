import { useT } from '../i18n/use-t.tsx';
import type { ShownStatus } from './order-view.ts';

/** An order's status in words (both languages): waiting to be sent, received, needs confirmation... */
export function StatusText({ status }: { status: ShownStatus }) {
  const { t } = useT();
  return (
    <span className={`order-status order-status--${status}`} data-testid="order-status" data-status={status}>
      {t(`checkout.status.${status}`)}
    </span>
  );
}
