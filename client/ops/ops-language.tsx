import { LANGUAGES, setLanguage } from '../i18n/index.ts';
import { useT } from '../i18n/use-t.tsx';

/**
 * БГ / EN for the console's bar: the same choice as the shop's switch (client/app/language-switch.tsx, which a
 * feature may not import), kept in the same place. Each button's name starts with its visible text (WCAG 2.5.3).
 */
export function OpsLanguage() {
  const { t, language } = useT();
  return (
    <div className="ops-tabs" role="group" aria-label={t('lang.label')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={language === lng}
          onClick={() => void setLanguage(lng)}
        >
          {t(lng === 'bg' ? 'lang.bg' : 'lang.en')}
          <span className="visually-hidden"> ({t(lng === 'bg' ? 'lang.bgFull' : 'lang.enFull')})</span>
        </button>
      ))}
    </div>
  );
}
