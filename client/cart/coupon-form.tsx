import { useMemo, useState, type FormEvent } from 'react';
import { map } from 'rxjs';
import { COUPON_MESSAGES, type CouponProblem } from '../../schema/coupons/coupon.ts';
import type { AppliedCoupon } from '../../schema/coupons/coupon.ts';
import { useDispatch, useStoreClient } from '../store/index.ts';
import { Button } from '../ui/button.tsx';
import { useObservable } from '../ui/use-observable.ts';
import { useT } from '../i18n/use-t.tsx';
import './cart-page.css';

interface CouponFormProps {
  coupon: AppliedCoupon | undefined;
}

/** The server's English words of a coupon refusal, back to its problem: shown in the shopper's language. */
const problemOf = (message: string | undefined): CouponProblem =>
  (Object.entries(COUPON_MESSAGES).find(([, text]) => text === message)?.[0] as CouponProblem | undefined) ??
  'incorrect';

/**
 * Apply or remove a coupon (`cart.applyCoupon` / `cart.removeCoupon`). The server checks the code; until it answers
 * the form says so, and a refusal is shown under the field (and as the usual notification).
 */
export function CouponForm({ coupon }: CouponFormProps) {
  const { t } = useT();
  const dispatch = useDispatch();
  const client = useStoreClient();
  const [code, setCode] = useState('');
  const latest$ = useMemo(
    () => client?.commands$.pipe(map((commands) => commands.find((c) => c.type === 'cart.applyCoupon'))),
    [client],
  );
  const latest = useObservable(latest$);
  const refused =
    latest?.status === 'rejected' ? t(`cartPage.coupon.problem.${problemOf(latest.error?.message)}`) : null;
  const checking = latest?.status === 'pending' || latest?.status === 'processing';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '') return;
    void dispatch('cart.applyCoupon', { code: typed }).then((ok) => ok && setCode(''));
  };

  if (coupon) {
    return (
      <div className="coupon" data-testid="cart-coupon">
        <p className="coupon__applied">{t('cartPage.coupon.applied', { code: coupon.code })}</p>
        <Button variant="quiet" size="sm" onClick={() => void dispatch('cart.removeCoupon', {})}>
          {t('cartPage.coupon.remove')}
        </Button>
      </div>
    );
  }
  return (
    <form className="coupon" onSubmit={submit} noValidate>
      <label htmlFor="coupon-code" className="coupon__label">
        {t('cartPage.coupon.label')}
      </label>
      <div className="coupon__row">
        <input
          id="coupon-code"
          name="coupon"
          className="coupon__input"
          value={code}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={refused ? 'true' : undefined}
          aria-describedby={refused ? 'coupon-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={checking}>
          {t('cartPage.coupon.apply')}
        </Button>
      </div>
      {checking && (
        <p className="coupon__status" role="status">
          {t('cartPage.coupon.checking')}
        </p>
      )}
      {refused && !checking && (
        <p id="coupon-error" className="coupon__error" role="alert" data-testid="coupon-error">
          {refused}
        </p>
      )}
    </form>
  );
}
