import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { AdPhoto } from '../ad-photos/index.ts';
import './add-texts.ts';
import { useT } from '../i18n/use-t.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { notify } from '../ui/notifications.tsx';
import { SpaLink } from '../ui/spa-link.tsx';
import { userTextLang } from '../ui/user-text-lang.ts';
import { AdPrice } from './ad-price.tsx';
import { publicAds, type AdAnswer } from './public-ads.ts';
import { useAdCategories, useCategoryName, useStartStore } from './use-ad-data.ts';
import '../ui/form/form.css';
import './ads.css';

const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** The ad's photos: one large, the others as buttons that show them (keyboard usable, the shown one pressed). */
function Gallery({ photos }: { photos: readonly string[] }) {
  const { t } = useT();
  const [shown, setShown] = useState(0);
  const photo = photos[shown] ?? photos[0];
  return (
    <section aria-label={t('ads.view.photos')} className="product-gallery">
      {photo ? (
        <>
          <AdPhoto
            id={photo}
            size="gallery"
            alt={t('ads.view.photoOf', { n: photos.indexOf(photo) + 1, count: photos.length })}
            className="ad-page__photo"
          />
          {photos.length > 1 && (
            <ul className="product-gallery__thumbs">
              {photos.map((thumb, index) => (
                <li key={thumb}>
                  <button
                    type="button"
                    className="product-gallery__thumb"
                    // A thumbnail's width (the product gallery's thumbnails are sized by their images).
                    style={{ width: 76 }}
                    aria-current={thumb === photo ? 'true' : undefined}
                    aria-label={t('ads.view.photoOf', { n: index + 1, count: photos.length })}
                    onClick={() => setShown(index)}
                  >
                    <AdPhoto id={thumb} size="tile" alt="" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p>{t('ads.view.noPhotos')}</p>
      )}
    </section>
  );
}

/**
 * '/posts/view/{id}': one published ad (spec: POST /api/sell/single) with its photo gallery, its description as
 * text (React escapes it; it is never HTML) and the seller's contact. Offline, the device's copy if it has one; an
 * ad not on the device is the spec's 'Ad query returned empty result': the error notification, then home.
 */
export function AdPage() {
  const { t, locale, language } = useT();
  useStartStore();
  const { id } = useParams({ strict: false });
  const navigate = useNavigate();
  const headingId = useId();
  const categoryName = useCategoryName(useAdCategories());
  const [answer, setAnswer] = useState<{ id: string; answer: AdAnswer } | undefined>(undefined);
  const current = answer && answer.id === id ? answer.answer : undefined;
  useDocumentTitle(current?.kind === 'ok' ? current.ad.title : t('ads.list.title'));

  useEffect(() => {
    if (!id) return;
    let live = true;
    void publicAds()
      .single(id)
      .then((next) => live && setAnswer({ id, answer: next }));
    return () => {
      live = false;
    };
  }, [id]);

  useEffect(() => {
    if (current?.kind !== 'empty' || isOnline()) return;
    notify({ kind: 'error', message: { key: 'listing.unavailableOffline' } });
    void navigate({ to: '/', replace: true });
  }, [current, navigate]);

  if (!current) return <p className="page">{t('ads.view.loading')}</p>;
  if (current.kind === 'empty') {
    return (
      <div className="page" data-testid="ad-not-found">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('ads.view.notFound')}
        </h1>
        <SpaLink href="/posts/sell">{t('ads.view.back')}</SpaLink>
      </div>
    );
  }
  const { ad } = current;
  const date = (ms: number) => new Date(ms).toLocaleDateString(locale);
  const category = categoryName(ad.category);
  const own = (text: string) => userTextLang(text, language);
  // Laid out as a product page (issue 29, item 15): the crumbs, the photos beside the title, price, details and the
  // seller's contact, the description below.
  return (
    <article className="page product-page ad-page" data-testid="ad-page" aria-labelledby={headingId}>
      <nav className="breadcrumbs" aria-label={t('listing.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <SpaLink href="/">{t('listing.home')}</SpaLink>
          </li>
          <li>
            <SpaLink href="/posts/sell">{t('ads.view.back')}</SpaLink>
          </li>
          <li aria-current="page" lang={own(ad.title)}>
            {ad.title}
          </li>
        </ol>
      </nav>
      <div className="product-page__layout">
        <div className="product-page__media">
          <Gallery key={ad.id} photos={ad.photos} />
        </div>
        <div className="product-page__info">
          <p className="ad-page__category" data-testid="ad-category" lang={category.lang}>
            {category.label}
          </p>
          <h1
            id={headingId}
            className="page__title product-page__title"
            tabIndex={-1}
            data-page-heading
            lang={own(ad.title)}
          >
            {ad.title}
          </h1>
          <div className="product-page__price">
            <AdPrice price={ad.price} size="lg" />
          </div>
          <dl className="ad-page__details">
            {ad.model && (
              <>
                <dt>{t('ads.view.model')}</dt>
                <dd>{ad.model}</dd>
              </>
            )}
            <dt>{t('ads.view.condition')}</dt>
            <dd>{t(`ads.conditions.${ad.condition}`)}</dd>
            <dt>{t('ads.view.city')}</dt>
            <dd lang={own(ad.city)}>{ad.city}</dd>
          </dl>
          <p className="ad-page__dates">
            {t('ads.view.published', { date: date(ad.publishedAt) })} ·{' '}
            {t('ads.view.expires', { date: date(ad.expiresAt) })}
          </p>
          <section className="account-card ad-page__contact" aria-labelledby={`${headingId}-contact`}>
            <h2 id={`${headingId}-contact`} className="account-card__title">
              {t('ads.view.contact')}
            </h2>
            <p lang={own(ad.contact.name)}>{ad.contact.name}</p>
            <p>
              {t('ads.view.phone')}: <a href={`tel:${ad.contact.phone.replace(/[^+0-9]/g, '')}`}>{ad.contact.phone}</a>
            </p>
            {ad.contact.email && (
              <p>
                {t('ads.view.email')}: <a href={`mailto:${ad.contact.email}`}>{ad.contact.email}</a>
              </p>
            )}
          </section>
        </div>
      </div>
      <section className="product-page__section ad-page__about">
        <h2>{t('ads.view.description')}</h2>
        <p className="ad-page__description" data-testid="ad-description" lang={own(ad.description)}>
          {ad.description}
        </p>
      </section>
    </article>
  );
}
