import { SHOP_CONTACT, SHOP_PHONE_HREF } from '../../schema/shop/index.ts';
import { useT } from '../i18n/use-t.tsx';
import './shop-contact.css';

/**
 * The shop's phone, e-mail, address and opening hours from schema/shop/contact.ts, the one place they are written
 * (issue 29, item 13), in the page's language: the footer's and the contact page's. Not the catalogue's contact
 * block: a catalogue generated before the details changed would keep old ones.
 */
export function ShopContact({ hours = false }: { hours?: boolean }) {
  const { t, language } = useT();
  return (
    // No stylesheet of its own: the first page carries one, inlined (vite.config.ts); an address is italic by default.
    <address className="site-footer__contact" data-testid="shop-contact" style={{ fontStyle: 'normal' }}>
      <div>
        {t('app.contactPhone')}: <a href={SHOP_PHONE_HREF}>{SHOP_CONTACT.phone}</a>
      </div>
      <div>
        {t('app.contactEmail')}: <a href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</a>
      </div>
      <div>
        {t('app.contactAddress')}: {SHOP_CONTACT.address[language]}
      </div>
      {hours && (
        <div>
          {t('app.contactHours')}: {SHOP_CONTACT.hours[language]}
        </div>
      )}
    </address>
  );
}
