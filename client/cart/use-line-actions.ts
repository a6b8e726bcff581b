import type { CartLine } from '../../schema/index.ts';
import { useDispatch } from '../store/index.ts';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { useT } from '../i18n/use-t.tsx';

export interface LineActions {
  increase: (line: CartLine) => void;
  /** One fewer; the last unit removes the line, after a confirmation. */
  decrease: (line: CartLine) => void;
  /** Removing a product from the cart asks for confirmation (spec, commerce section 4). */
  remove: (line: CartLine) => Promise<void>;
  configure: (line: CartLine, options: Record<string, string>) => void;
}

/** What a cart line's buttons do, the same on the cart page and in the mini-cart. */
export function useLineActions(): LineActions {
  const { t } = useT();
  const dispatch = useDispatch();
  const confirm = useConfirm();

  const remove = async (line: CartLine) => {
    const ok = await confirm({
      title: t('confirm.removeTitle'),
      text: t('confirm.removeText', { name: line.name }),
      confirmLabel: t('confirm.removeConfirm'),
      danger: true,
    });
    if (ok) await dispatch('cart.removeItem', { lineId: line.lineId });
  };
  return {
    increase: (line) => void dispatch('cart.addItem', { sku: line.sku, qty: 1, options: line.options }),
    decrease: (line) => {
      if (line.qty <= 1) void remove(line);
      else void dispatch('cart.removeItem', { lineId: line.lineId, qty: 1 });
    },
    remove,
    configure: (line, options) => void dispatch('cart.configureLine', { lineId: line.lineId, options }),
  };
}
