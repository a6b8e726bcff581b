import { useEffect } from 'react';
import { prefetchChallenges } from '../challenge/index.ts';
import { useT } from '../i18n/use-t.tsx';
import { ShopContact } from '../ui/shop-contact.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import './add-texts.ts';
import { ContactForm } from './contact-form.tsx';
import { FeedbackForm } from './feedback-form.tsx';

/** /contact (commerce.md section 2): the contact form, and feedback about the site. */
export function ContactPage() {
  const { t } = useT();
  useDocumentTitle(t('messages.contact.title'));
  useEffect(() => {
    void prefetchChallenges();
  }, []);
  return (
    <div className="page contact-page" data-testid="contact-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('messages.contact.title')}
      </h1>
      <p className="page__intro">{t('messages.contact.intro')}</p>
      <ShopContact hours />
      <ContactForm />
      <FeedbackForm page="/contact" />
    </div>
  );
}
