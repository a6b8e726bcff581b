import { useTranslation } from 'react-i18next';
import { formatDualPrice } from '../../schema/money/currency.ts';
import { LOCALES, isLanguage, DEFAULT_LANGUAGE } from '../i18n/index.ts';

interface PriceProps {
  /** Amount in stotinki, VAT included. */
  amount: number;
  size?: 'md' | 'lg';
  className?: string;
}

/** A price in leva with its euro equivalent beside it, formatted for the interface language. */
export function Price({ amount, size = 'md', className }: PriceProps) {
  const { i18n } = useTranslation();
  const lng = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const { primary, secondary } = formatDualPrice(amount, 'BGN', LOCALES[lng]);
  return (
    <span className={['price', `price--${size}`, className].filter(Boolean).join(' ')}>
      <span className="price__primary">{primary}</span>
      <span className="price__secondary">{secondary}</span>
    </span>
  );
}
