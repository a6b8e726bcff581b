import { useEffect, useState } from 'react';
import { AD_PHOTO_SIZES, adPhotoPath, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { localPreview } from './local-preview.ts';
import { ownPhoto } from './own-photo.ts';

/**
 * The device's own preview of a photo at a size (local-preview.ts), else for the owner's photos the server's copy
 * fetched with the token (own-photo.ts: an ad not published yet is not public): `null` while it is being looked for
 * (no request to the server meanwhile: a photo not uploaded yet would be a 404), undefined when there is none.
 */
const useLocalPreview = (id: string, size: AdPhotoSize, own: boolean): string | null | undefined => {
  const [preview, setPreview] = useState<{ key: string; url: string | undefined } | undefined>(undefined);
  const key = `${id}/${size}`;
  useEffect(() => {
    let cancelled = false;
    void localPreview(id, size)
      .then(async (url) => url ?? (own ? await ownPhoto(id, size) : undefined))
      .then((url) => {
        if (!cancelled) setPreview({ key: `${id}/${size}`, url });
      });
    return () => {
      cancelled = true;
    };
  }, [id, size, own]);
  // An answer for the photo shown before (the id changed) is not this one's.
  return preview?.key === key ? preview.url : null;
};

/**
 * An ad's photo: the device's own copy while it has one (a photo taken offline shows before it is uploaded), else
 * the server's size of it. The box has the size's proportions, so nothing moves when the image arrives. `own`: the
 * viewer is the ad's owner (the ad form), whose photos may not be public yet.
 */
export function AdPhoto({
  id,
  size,
  alt,
  className,
  own = false,
}: {
  id: string;
  size: AdPhotoSize;
  alt: string;
  className?: string;
  own?: boolean;
}) {
  const local = useLocalPreview(id, size, own);
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
