import './add-texts.ts';
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
    <address className="shop-contact" data-testid="shop-contact">
      <span className="shop-contact__line">
        {t('navigation.phone')}: <a href={SHOP_PHONE_HREF}>{SHOP_CONTACT.phone}</a>
      </span>
      <span className="shop-contact__line">
        {t('navigation.email')}: <a href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</a>
      </span>
      <span className="shop-contact__line">
        {t('navigation.address')}: {SHOP_CONTACT.address[language]}
      </span>
      {hours && (
        <span className="shop-contact__line">
          {t('navigation.hours')}: {SHOP_CONTACT.hours[language]}
        </span>
      )}
    </address>
  );
}
