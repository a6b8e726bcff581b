import { useT } from '../i18n/use-t.tsx';
import { EuroPrice } from './euro-price.tsx';
import { userTextLang } from './user-text-lang.ts';
import './order-parts.css';

/** A line as the order pages list it: what, how many, and its euro total (what it charges). */
export interface ListedLine {
  sku: string;
  name: string;
  qty: number;
  lineTotalEur: number;
}

/**
 * An order's lines: on the checkout's review (before "Поръчай"), the thank-you page, the order's page and tracking,
 * the same list, so the shopper recognises the order wherever it is shown.
 */
export function OrderLines({ lines, testId = 'order-lines' }: { lines: readonly ListedLine[]; testId?: string }) {
  const { t, language } = useT();
  return (
    <ul className="checkout-lines" data-testid={testId}>
      {lines.map((line, i) => (
        <li key={`${line.sku}-${i}`} className="checkout-lines__line" data-sku={line.sku}>
          {/* The product's name as the catalogue has it (Bulgarian only): marked so on an English page. */}
          <span className="checkout-lines__name" lang={userTextLang(line.name, language)}>
            {line.name}
          </span>
          <span>{t('checkout.review.qty', { qty: line.qty })}</span>
          <EuroPrice cents={line.lineTotalEur} />
        </li>
      ))}
    </ul>
  );
}
