import { Suspense, useState } from 'react';
import { ProductImage } from '../../ui/product-image.tsx';
import type { GalleryImage } from '../../../schema/catalog/gallery-images.ts';
import { lazyComponent } from '../../lib/lazy-when-reachable.ts';
import { useT } from '../../i18n/use-t.tsx';
import { userTextLang } from '../../ui/user-text-lang.ts';
import { LabelWithName, NAME_SLOT } from '../../ui/label-with-name.tsx';
import './product-page.css';

/** Spec section 9: gallery 600x744 (the zoom's 825x1024 is in product-zoom.tsx). */
const GALLERY = { width: 600, height: 744 } as const;
const THUMB = { width: 72, height: 89 } as const;

/**
 * The product's pictures: the chosen one large, thumbnails to choose another, and the zoom overlay (spec section 4:
 * "The gallery zoom is open or closed", and Escape closes it) opened by a click or Enter on the picture.
 */
const ProductZoom = lazyComponent(() => import('./product-zoom.tsx'), 'ProductZoom');

export function ProductGallery({ images, name }: { images: readonly GalleryImage[]; name: string }) {
  const { t, language } = useT();
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  // The zoom's chunk loads at the first zoom and stays, so closing and opening again is immediate.
  const [everZoomed, setEverZoomed] = useState(false);
  const current = images[Math.min(index, images.length - 1)];
  const labelOf = (image: GalleryImage | undefined) => image?.label || name;

  return (
    <div className="product-gallery" data-testid="product-gallery">
      <button
        type="button"
        className="product-gallery__main"
        aria-haspopup="dialog"
        onClick={() => {
          setEverZoomed(true);
          setZoomed(true);
        }}
      >
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
      {everZoomed && (
        <Suspense fallback={null}>
          <ProductZoom
            open={zoomed}
            onClose={() => setZoomed(false)}
            image={current?.image}
            label={labelOf(current)}
            index={index}
            total={images.length}
            onStep={(by) => setIndex((i) => (i + by + images.length) % images.length)}
          />
        </Suspense>
      )}
    </div>
  );
}
