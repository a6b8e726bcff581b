import { ProductImage } from '../../ui/product-image.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { ProductDialog } from './product-dialog.tsx';
import './product-dialog.css';

/** Spec section 9: large (zoom) 825x1024. */
const LARGE = { width: 825, height: 1024 } as const;

interface ProductZoomProps {
  open: boolean;
  onClose: () => void;
  /** The picture shown, and its label (the dialog's name). */
  image: string | undefined;
  label: string;
  index: number;
  total: number;
  onStep: (by: 1 | -1) => void;
}

/**
 * The gallery's zoom overlay (spec section 4: "The gallery zoom is open or closed", Escape closes it). A chunk of
 * its own, loaded at the first zoom: most visits never open it, and the first page's JavaScript is at its budget.
 */
export function ProductZoom({ open, onClose, image, label, index, total, onStep }: ProductZoomProps) {
  const { t } = useT();
  return (
    <ProductDialog open={open} onClose={onClose} title={label} className="product-zoom" testId="product-zoom">
      <ProductImage src={image} alt={label} {...LARGE} className="product-zoom__image" eager />
      {total > 1 && (
        <div className="product-zoom__nav">
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => onStep(-1)}>
            {t('product.gallery.previous')}
          </button>
          <span aria-live="polite">{t('product.gallery.position', { n: index + 1, total })}</span>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => onStep(1)}>
            {t('product.gallery.next')}
          </button>
        </div>
      )}
    </ProductDialog>
  );
}
