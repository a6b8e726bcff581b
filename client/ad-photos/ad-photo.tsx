import { useEffect, useState } from 'react';
import { AD_PHOTO_SIZES, adPhotoPath, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { localPreview } from './local-preview.ts';

/**
 * The device's own preview of a photo at a size (local-preview.ts): `null` while it is being looked for (no
 * request to the server meanwhile: a photo not uploaded yet would be a 404), undefined when there is none.
 */
const useLocalPreview = (id: string, size: AdPhotoSize): string | null | undefined => {
  const [preview, setPreview] = useState<{ key: string; url: string | undefined } | undefined>(undefined);
  const key = `${id}/${size}`;
  useEffect(() => {
    let cancelled = false;
    void localPreview(id, size).then((url) => {
      if (!cancelled) setPreview({ key: `${id}/${size}`, url });
    });
    return () => {
      cancelled = true;
    };
  }, [id, size]);
  // An answer for the photo shown before (the id changed) is not this one's.
  return preview?.key === key ? preview.url : null;
};

/**
 * An ad's photo: the device's own copy while it has one (a photo taken offline shows before it is uploaded), else
 * the server's size of it. The box has the size's proportions, so nothing moves when the image arrives.
 */
export function AdPhoto({
  id,
  size,
  alt,
  className,
}: {
  id: string;
  size: AdPhotoSize;
  alt: string;
  className?: string;
}) {
  const local = useLocalPreview(id, size);
  const [width, height] = AD_PHOTO_SIZES[size];
  return (
    <img
      {...(local === null ? {} : { src: local ?? adPhotoPath(id, size) })}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      style={{ objectFit: 'contain' }}
      {...(className ? { className } : {})}
    />
  );
}
