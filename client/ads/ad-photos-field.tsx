import { useId, useRef, useState, type ChangeEvent } from 'react';
import { AD_MAX_PHOTOS } from '../../schema/ads/ad.ts';
import { AD_PHOTO_ACCEPT, AdPhoto, keepPhotos } from '../ad-photos/index.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import '../ui/form/form.css';
import './ads.css';

interface PhotosFieldProps {
  photos: readonly string[];
  onChange: (photos: string[]) => void;
  /** A photo added in this form and removed again: the device forgets its copy. */
  onDropped: (id: string) => void;
  error: string | undefined;
}

/**
 * Up to 8 photos: picked files are kept on the device at once (offline too; client/ad-photos) and the ad carries
 * their ids; they upload when online. A file the device will not keep is named with the reason.
 */
export function AdPhotosField({ photos, onChange, onDropped, error }: PhotosFieldProps) {
  const { t } = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, Math.max(0, AD_MAX_PHOTOS - photos.length));
    event.target.value = '';
    if (files.length === 0) return;
    setAdding(true);
    try {
      const results = await keepPhotos(files);
      const kept = results.flatMap((result) => (result.ok ? [result.id] : []));
      setRefused(
        results.flatMap((result) =>
          result.ok
            ? []
            : [
                t('ads.errors.photoRefused', {
                  name: result.name,
                  reason: t(`ads.errors.photoReasons.${result.reason}`),
                }),
              ],
        ),
      );
      onChange([...photos, ...kept].slice(0, AD_MAX_PHOTOS));
    } finally {
      setAdding(false);
    }
  };

  return (
    <fieldset
      className={`account-field ad-fieldset ad-photos${error ? ' account-field--invalid' : ''}`}
      data-testid="ad-photos"
    >
      <legend className="account-field__label">{t('ads.form.photos')}</legend>
      <p id={hintId} className="account-field__hint">
        {t('ads.form.photosHint', { max: AD_MAX_PHOTOS })}
      </p>
      {photos.length > 0 && (
        <ul className="product-gallery__thumbs">
          {photos.map((photo, index) => (
            <li key={photo} data-testid="ad-photo" style={{ width: 132 }}>
              <AdPhoto id={photo} size="tile" alt={t('ads.form.photoAlt', { n: index + 1 })} own />
              <Button
                size="sm"
                variant="quiet"
                onClick={() => {
                  onChange(photos.filter((p) => p !== photo));
                  onDropped(photo);
                }}
              >
                {t('ads.form.removePhoto', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        disabled={adding || photos.length >= AD_MAX_PHOTOS}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        onClick={() => input.current?.click()}
      >
        {t('ads.form.addPhotos')}
      </Button>
      {/* The browser's own picker, opened by the button above (its look cannot be styled). */}
      <input
        ref={input}
        hidden
        type="file"
        accept={AD_PHOTO_ACCEPT}
        multiple
        onChange={(event) => void add(event)}
        data-testid="ad-photo-input"
      />
      {refused.map((text) => (
        <p key={text} className="account-field__error" role="alert">
          {text}
        </p>
      ))}
      {error && (
        <p id={errorId} className="account-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
