import { useId } from 'react';
import { GROUPED_QTY_MIN } from '../../../schema/catalog/rules/grouped-price.ts';
import { Price } from '../../ui/price.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { productPath } from '../../../schema/routing/route-paths.ts';
import type { GroupedMember } from './grouped-selection.ts';
import { useT } from '../../i18n/use-t.tsx';
import './product-options.css';

interface GroupedMembersFormProps {
  members: readonly (GroupedMember & { slug: string })[];
  /** sku -> quantity as typed. */
  qtyTexts: Readonly<Record<string, string>>;
  invalid: readonly string[];
  onQty: (sku: string, text: string) => void;
}

/** Spec section 4: a grouped product's members, each with its price and a quantity ("a number, minimum 1"). */
export function GroupedMembersForm({ members, qtyTexts, invalid, onQty }: GroupedMembersFormProps) {
  const { t } = useT();
  const id = useId();
  return (
    <fieldset className="product-page__option product-options" data-testid="grouped-members">
      <legend>{t('product.grouped.title')}</legend>
      <ul className="product-grouped">
        {members.map((member, index) => {
          const qtyId = `${id}-${index}`;
          const errorId = `${qtyId}-error`;
          const bad = invalid.includes(member.sku);
          return (
            <li key={member.sku} className="product-grouped__member" data-sku={member.sku}>
              <SpaLink href={productPath(member.slug, member.sku)}>{member.name}</SpaLink>
              <Price amount={member.priceInclTax} />
              {member.orderable ? (
                <div className="product-page__qty">
                  <label htmlFor={qtyId}>{t('product.grouped.qty', { name: member.name })}</label>
                  <input
                    id={qtyId}
                    type="number"
                    inputMode="numeric"
                    min={GROUPED_QTY_MIN}
                    step={1}
                    value={qtyTexts[member.sku] ?? '1'}
                    aria-invalid={bad || undefined}
                    aria-describedby={bad ? errorId : undefined}
                    onChange={(event) => onQty(member.sku, event.target.value)}
                  />
                  {bad && (
                    <p id={errorId} className="product-page__error" role="alert">
                      {t('product.qtyInvalid')}
                    </p>
                  )}
                </div>
              ) : (
                <p className="product-page__hint">{t('catalog.unavailable')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
