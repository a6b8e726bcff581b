import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, currentLanguage } from '../i18n/index.ts';
import './language-switch.css';

/**
 * БГ / EN: two toggle buttons; the choice is kept in localStorage. Each button's name is its visible
 * abbreviation followed by the language's full name, so speech input ("press БГ") matches it (WCAG 2.5.3).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <div className="lang" role="group" aria-label={t('lang.label')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          className="lang__btn"
          lang={lng}
          aria-pressed={active === lng}
          onClick={() => void setLanguage(lng)}
        >
          {t(lng === 'bg' ? 'lang.bg' : 'lang.en')}
          <span className="visually-hidden"> ({t(lng === 'bg' ? 'lang.bgFull' : 'lang.enFull')})</span>
        </button>
      ))}
    </div>
  );
}
