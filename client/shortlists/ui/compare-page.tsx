import { useMemo } from 'react';
import { useStoreClient, useAttributes } from '../../store/index.ts';
import { productPath } from '../../../schema/routing/route-paths.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import { Button } from '../../ui/button.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { ProductImage } from '../../ui/product-image.tsx';
import { comparisonTable } from '../comparison-table.ts';
import { ShortlistPrice } from './shortlist-price.tsx';
import { removeFromCompareBySku, useCompareList } from './use-shortlists.ts';
import { useT } from '../../i18n/use-t.tsx';
import './shortlist-pages.css';

/**
 * '/compare' (spec section 2): the compare list side by side. One column per product, one row per comparable
 * attribute (from the attributes replicated to this device); rows whose values differ are marked.
 */
export function ComparePage() {
  const { t, language } = useT();
  const products = useCompareList();
  const attributes = useAttributes(useStoreClient());
  const rows = useMemo(() => comparisonTable(products, attributes ?? [], language), [products, attributes, language]);
  useDocumentTitle(t('shortlistsUi.compare.title'));
  return (
    <div className="page shortlist-page" data-testid="compare-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('shortlistsUi.compare.title')}
      </h1>
      {products.length === 0 ? (
        <div className="shortlist-page__empty">
          <p>{t('shortlistsUi.compare.empty')}</p>
          <SpaLink href="/">{t('shortlistsUi.browse')}</SpaLink>
        </div>
      ) : (
        <>
          <p className="shortlist-page__count">{t('shortlistsUi.count', { count: products.length })}</p>
          <div
            className="compare-table__scroll"
            role="region"
            aria-label={t('shortlistsUi.compare.tableLabel')}
            tabIndex={0}
          >
            <table className="compare-table" data-testid="compare-table">
              <caption className="visually-hidden">{t('shortlistsUi.compare.caption')}</caption>
              <thead>
                <tr>
                  <td className="compare-table__corner" />
                  {products.map((p) => (
                    <th key={p.sku} scope="col" className="compare-table__product" data-sku={p.sku}>
                      <ProductImage src={p.image} alt="" width={120} height={120} className="compare-table__image" />
                      <SpaLink href={productPath(p.slug, p.parentSku ?? p.sku)} className="compare-table__name">
                        <span lang={language === 'bg' ? undefined : 'bg'}>{p.name}</span>
                      </SpaLink>
                      <Button
                        variant="quiet"
                        size="sm"
                        aria-label={t('shortlistsUi.compare.removeLabel', { name: p.name })}
                        onClick={() => removeFromCompareBySku(p.sku)}
                      >
                        {t('shortlistsUi.remove')}
                      </Button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('shortlistsUi.compare.price')}</th>
                  {products.map((p) => (
                    <td key={p.sku}>
                      <ShortlistPrice product={p} />
                    </td>
                  ))}
                </tr>
                {rows.map((row) => (
                  <tr key={row.code} className={row.differs ? 'compare-table__row--differs' : undefined}>
                    <th scope="row">
                      <span lang={row.labelLang}>{row.label}</span>
                      {row.differs && <span className="visually-hidden"> {t('shortlistsUi.compare.differs')}</span>}
                    </th>
                    {row.values.map((value, i) => (
                      <td key={products[i]?.sku ?? i} lang={row.valuesLang}>
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {attributes !== undefined && rows.length === 0 && (
            <p className="shortlist-page__note">{t('shortlistsUi.compare.noAttributes')}</p>
          )}
        </>
      )}
    </div>
  );
}
