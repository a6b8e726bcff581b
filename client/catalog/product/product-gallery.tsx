import { useState } from 'react';
import { ProductImage } from '../../ui/product-image.tsx';
import type { GalleryImage } from '../../../schema/catalog/gallery-images.ts';
import { ProductDialog } from './product-dialog.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { userTextLang } from '../../ui/user-text-lang.ts';
import { LabelWithName, NAME_SLOT } from '../../ui/label-with-name.tsx';

/** Spec section 9: gallery 600x744, large (zoom) 825x1024. */
const GALLERY = { width: 600, height: 744 } as const;
const LARGE = { width: 825, height: 1024 } as const;
const THUMB = { width: 72, height: 89 } as const;

/**
 * The product's pictures: the chosen one large, thumbnails to choose another, and the zoom overlay (spec section 4:
 * "The gallery zoom is open or closed", and Escape closes it) opened by a click or Enter on the picture.
 */
export function ProductGallery({ images, name }: { images: readonly GalleryImage[]; name: string }) {
  const { t, language } = useT();
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const current = images[Math.min(index, images.length - 1)];
  const labelOf = (image: GalleryImage | undefined) => image?.label || name;

  return (
    <div className="product-gallery" data-testid="product-gallery">
      <button type="button" className="product-gallery__main" aria-haspopup="dialog" onClick={() => setZoomed(true)}>
        <LabelWithName
          label={t('product.gallery.zoom', { label: NAME_SLOT })}
          name={labelOf(current)}
          lang={userTextLang(labelOf(current), language)}
        />
        <ProductImage src={current?.image} alt="" {...GALLERY} className="product-page__image" eager />
      </button>
      {images.length > 1 && (
        <ul className="product-gallery__thumbs" aria-label={t('product.gallery.thumbnails')}>
          {images.map((image, i) => (
            <li key={`${image.image}-${i}`}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <LabelWithName
                  label={t('product.gallery.show', { label: NAME_SLOT, n: i + 1, total: images.length })}
                  name={labelOf(image)}
                  lang={userTextLang(labelOf(image), language)}
                />
                <ProductImage src={image.image} alt="" {...THUMB} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ProductDialog
        open={zoomed}
        onClose={() => setZoomed(false)}
        title={labelOf(current)}
        className="product-zoom"
        testId="product-zoom"
      >
        <ProductImage src={current?.image} alt={labelOf(current)} {...LARGE} className="product-zoom__image" eager />
        {images.length > 1 && (
          <div className="product-zoom__nav">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => setIndex((i) => (i - 1 + images.length) % images.length)}
            >
              {t('product.gallery.previous')}
            </button>
            <span aria-live="polite">{t('product.gallery.position', { n: index + 1, total: images.length })}</span>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => setIndex((i) => (i + 1) % images.length)}
            >
              {t('product.gallery.next')}
            </button>
          </div>
        )}
      </ProductDialog>
    </div>
  );
}
