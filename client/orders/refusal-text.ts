import { checkoutTextsBg } from '../i18n/checkout-texts-bg.ts';
import { useT } from '../i18n/use-t.tsx';

type RefusalCode = keyof typeof checkoutTextsBg.refusals;

/**
 * Why an order was not taken, in the order's words (checkout.refusals: "...cannot be ordered", never the cart's
 * "...cannot be added to the cart!" of the same code); a refusal without words of ours is the server's own.
 */
export const useOrderRefusalText = () => {
  const { t } = useT();
  return (error: { code: string; message: string } | undefined): string =>
    error && error.code in checkoutTextsBg.refusals
      ? t(`checkout.refusals.${error.code as RefusalCode}`)
      : (error?.message ?? '');
};
