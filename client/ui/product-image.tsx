import { useState } from 'react';
import { sizedImage, type CatalogImageSize } from '../../schema/catalog/media-path.ts';

interface ProductImageProps {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
}

/** The smallest of a store photo's sizes (schema/catalog/media-path.ts) that fills the box it is shown in. */
const sizeFor = (width: number, height: number): CatalogImageSize =>
  width <= 310 && height <= 300 ? 'tile' : width <= 600 && height <= 744 ? 'gallery' : 'large';

/**
 * A product picture with its size reserved (no layout shift). Offline, an image never cached before
 * cannot load: a calm placeholder of the same size takes its place instead of a broken-image icon.
 */
export function ProductImage({ src, alt, width, height, className, eager = false }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = ['product-image', className].filter(Boolean).join(' ');
  if (!src || failed === src) {
    return (
      <span
        className={`${classes} product-image--placeholder`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={{ aspectRatio: `${width} / ${height}` }}
      />
    );
  }
  return (
    <img
      className={classes}
      src={sizedImage(src, sizeFor(width, height))}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
