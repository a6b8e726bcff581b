import { usePhotoUploads } from '../ad-photos/index.ts';
import './add-texts.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { deleteAd, renewAd } from './ad-actions.ts';
import { AdPrice } from './ad-price.tsx';
import { adStatusKey, renewable, type ShownAd } from './ad-view.ts';
import { useMyAds, useStartStore } from './use-ad-data.ts';
import '../ui/form/form.css';

/** A `wait` ad's photos on their way: how many have arrived, or why the server refused one. */
function UploadProgress({ photos }: { photos: readonly string[] }) {
  const { t } = useT();
  const progress = usePhotoUploads(photos);
  if (progress.failed) {
    return (
      <p className="account-field__error" role="status">
        {t('ads.mine.uploadFailed', { reason: progress.failed })}
      </p>
    );
  }
  return (
    <p role="status">
      <progress max={progress.total} value={progress.uploaded} aria-hidden="true" />{' '}
      {t('ads.mine.uploading', { done: progress.uploaded, count: progress.total })}
    </p>
  );
}

function MyAd({ ad }: { ad: ShownAd }) {
  const { t, locale } = useT();
  const confirm = useConfirm();
  const date = (ms: number) => new Date(ms).toLocaleDateString(locale);
  const status = t(adStatusKey(ad.status));
  const remove = async () => {
    const sure = await confirm({
      title: t('ads.mine.delete'),
      text: t('ads.mine.deleteConfirm', { title: ad.title }),
      confirmLabel: t('ads.mine.delete'),
      danger: true,
    });
    if (sure) await deleteAd(ad.id);
  };
  return (
    <li className="account-card my-ads__ad" data-testid="my-ad" data-ad-id={ad.id} data-status={ad.status}>
      <h2 className="account-card__title">{ad.title}</h2>
      <AdPrice price={ad.price} />
      <p data-testid="my-ad-status">
        <strong>{t('ads.mine.status', { status })}</strong>
        {ad.pending === 'renew' && ` · ${t('ads.mine.renewing')}`}
      </p>
      {ad.status === 'refused' && ad.refusal && (
        <p className="banner banner--error">{t('ads.mine.refusal', { reason: ad.refusal })}</p>
      )}
      {ad.expiresAt !== undefined && (ad.status === 'send' || ad.status === 'finished') && (
        <p>
          {ad.status === 'send'
            ? t('ads.mine.expires', { date: date(ad.expiresAt) })
            : t('ads.mine.expired', { date: date(ad.expiresAt) })}
        </p>
      )}
      {(ad.status === 'wait' || ad.status === 'sending') && ad.photos.length > 0 && (
        <UploadProgress photos={ad.photos} />
      )}
      <p className="my-ads__actions">
        {ad.status === 'send' && (
          <SpaLink href={`/posts/view/${ad.id}`} className="btn btn--quiet btn--sm">
            {t('ads.mine.view')}
          </SpaLink>
        )}
        <SpaLink
          href={`/my-account/my-sell/edit/${ad.id}`}
          className="btn btn--secondary btn--sm"
          aria-label={`${t('ads.mine.edit')}: ${ad.title}`}
        >
          {t('ads.mine.edit')}
        </SpaLink>
        {renewable(ad) && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${t('ads.mine.renew')}: ${ad.title}`}
            onClick={() => void renewAd(ad.id)}
          >
            {t('ads.mine.renew')}
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          aria-label={`${t('ads.mine.delete')}: ${ad.title}`}
          onClick={() => void remove()}
        >
          {t('ads.mine.delete')}
        </Button>
      </p>
    </li>
  );
}

/** '/my-account/my-sell': the shopper's ads in every status, from the device (offline too), newest first. */
export function MyAdsPage() {
  const { t } = useT();
  useDocumentTitle(t('ads.mine.title'));
  useStartStore();
  const ads = useMyAds();
  return (
    <div className="page account-page" data-testid="my-ads-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('ads.mine.title')}
      </h1>
      <p>
        <SpaLink href="/my-account/my-sell/new" className="btn btn--primary btn--md">
          {t('ads.mine.new')}
        </SpaLink>
      </p>
      {ads === undefined && <p>{t('ads.form.loading')}</p>}
      {ads?.length === 0 && <p>{t('ads.mine.empty')}</p>}
      {ads && ads.length > 0 && (
        <ul className="orders-list my-ads" data-testid="my-ads">
          {ads.map((ad) => (
            <MyAd key={ad.id} ad={ad} />
          ))}
        </ul>
      )}
    </div>
  );
}
