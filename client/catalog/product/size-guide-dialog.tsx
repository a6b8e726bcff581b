import { useState } from 'react';
import { ProductDialog } from './product-dialog.tsx';
import { BAND_SIZES } from './size-guide.ts';
import { useT } from '../../i18n/use-t.tsx';
import './product-dialog.css';
import './product-tables.css';

/** The size guide (spec section 2): a button opening a dialog with the bands' sizes by wrist circumference. */
export function SizeGuide() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--quiet btn--sm product-size-guide"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('product.sizeGuide.open')}
      </button>
      <ProductDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('product.sizeGuide.title')}
        testId="size-guide"
      >
        <p>{t('product.sizeGuide.intro')}</p>
        <div className="product-size-guide__scroll">
          <table className="product-size-guide__table">
            <thead>
              <tr>
                <th scope="col">{t('product.sizeGuide.band')}</th>
                <th scope="col">{t('product.sizeGuide.size')}</th>
                <th scope="col">{t('product.sizeGuide.wrist')}</th>
              </tr>
            </thead>
            <tbody>
              {BAND_SIZES.map((row) => (
                <tr key={`${row.band}-${row.size}`}>
                  <th scope="row">{row.band}</th>
                  <td>{row.size}</td>
                  <td>{t('product.sizeGuide.range', { from: row.fromMm, to: row.toMm })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ProductDialog>
    </>
  );
}
