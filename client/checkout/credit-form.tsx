import { useEffect } from 'react';
import { creditMessageKey } from '../../schema/credit/messages.ts';
import { creditOffers } from '../../schema/credit/offers.ts';
import { CREDIT_PROVIDERS, creditProviderByCode } from '../../schema/credit/providers.ts';
import { addCreditTexts } from '../i18n/credit-texts-bg.ts';
import { useT } from '../i18n/use-t.tsx';
import { EuroPrice } from '../ui/euro-price.tsx';
import type { FieldBinding } from '../ui/form/field-binding.ts';
import { TextField } from '../ui/form/text-field.tsx';
import type { UiMessage } from '../ui/form/ui-message.ts';
import { useMessageText } from '../ui/form/use-message-text.ts';
import { Choice } from './choice.tsx';
import { centsOfEuroText, creditPrefill, type CreditField } from './credit-fields.ts';
import { FieldError } from './field-error.tsx';
import '../ui/form/form.css';
import './checkout.css';

addCreditTexts();

/**
 * What the credit form needs of the checkout's form (use-checkout-form.ts): its flat values and bindings. Typed by
 * field name as text so the checkout's form fits whichever fields it lists.
 */
export interface CreditFormHost {
  values: Readonly<Record<string, string>>;
  set(name: string, value: string): void;
  setMany(values: Readonly<Record<string, string>>): void;
  field(name: string): FieldBinding;
  errorOf(name: string): UiMessage | undefined;
  idOf(name: string): string;
}

/** Our schema's Bulgarian sentence as its i18n key, so an English page reads it in English. */
const translated = (message: UiMessage | undefined): UiMessage | undefined => {
  if (!message || !('text' in message)) return message;
  const key = creditMessageKey(message.text);
  return key ? { key } : message;
};

const percentIn = (value: number, locale: string): string =>
  `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}\u00a0%`;

/**
 * "Покупка на кредит": the provider (UniCredit first, the spec's default), the down payment, the term from the
 * calculator's offers for the cart's euro total, the instalment, the total, ГЛП and ГПР (computed on the device by the
 * same pure calculator the server checks with, so it works offline), and the applicant's details, pre-filled from the
 * personal and shipping steps. Errors are the step's, tied to their inputs as the other steps' are.
 */
export function CreditForm({ form, totalEur }: { form: CreditFormHost; totalEur: number }) {
  const { t, locale } = useT();
  const text = useMessageText();
  const value = (name: CreditField): string => form.values[name] ?? '';
  const binding = (name: CreditField): FieldBinding => {
    const bound = form.field(name);
    return { ...bound, value: bound.value ?? '', error: translated(bound.error) };
  };

  // The cart's total is what is financed; copied into the form so the details (and the draft) carry the figure the
  // offer was computed for. Blank applicant fields take what the earlier steps know.
  useEffect(() => {
    if (value('creditPrice') !== String(totalEur)) form.set('creditPrice', String(totalEur));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the total changes
  }, [totalEur]);
  useEffect(() => {
    const known = creditPrefill({
      firstName: form.values.firstName ?? '',
      lastName: form.values.lastName ?? '',
      emailAddress: form.values.emailAddress ?? '',
      egn: form.values.egn ?? '',
      phoneNumber: form.values.phoneNumber ?? '',
      city: form.values.city ?? '',
      streetAddress: form.values.streetAddress ?? '',
    });
    const blanks = Object.fromEntries(
      Object.entries(known).filter(([name, v]) => v && !(form.values[name] ?? '').trim()),
    ) as Record<string, string>;
    if (!form.values.creditProvider) blanks.creditProvider = 'unicredit';
    if (Object.keys(blanks).length > 0) form.setMany(blanks);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);

  const providerCode = value('creditProvider') || 'unicredit';
  const provider = creditProviderByCode(providerCode) ?? CREDIT_PROVIDERS[0]!;
  const down = centsOfEuroText(value('creditFirstAmount'));
  const offers = Number.isNaN(down) ? undefined : creditOffers(totalEur, down, provider.code)[0];
  const terms = offers?.terms ?? [];
  const chosen = terms.find((term) => String(term.months) === value('creditMonths'));

  const monthsId = form.idOf('creditMonths');
  const monthsError = translated(form.errorOf('creditMonths'));
  const providerError = translated(form.errorOf('creditProvider'));
  const providerErrorId = `${form.idOf('creditProvider')}-error`;

  return (
    <fieldset className="checkout-fieldset credit-form" data-testid="credit-form">
      <legend className="account-field__label">{t('credit.legend')}</legend>
      <fieldset className="checkout-fieldset" aria-describedby={providerError ? providerErrorId : undefined}>
        <legend className="account-field__label">{t('credit.provider')}</legend>
        {CREDIT_PROVIDERS.map((p, index) => (
          <span key={p.code} id={index === 0 ? form.idOf('creditProvider') : undefined} tabIndex={-1}>
            <Choice
              type="radio"
              name="creditProvider"
              value={p.code}
              checked={provider.code === p.code}
              onChange={() => form.setMany({ creditProvider: p.code, creditMonths: '' })}
              invalid={providerError !== undefined}
            >
              {p.name}
            </Choice>
          </span>
        ))}
        <FieldError id={providerErrorId} message={providerError} />
      </fieldset>
      <TextField
        binding={binding('creditFirstAmount')}
        label={t('credit.firstAmount')}
        hint={t('credit.firstAmountHint')}
        autoComplete="off"
        inputMode="decimal"
      />
      {terms.length === 0 ? (
        <p className="banner banner--info" data-testid="credit-no-offers" id={monthsId} tabIndex={-1}>
          {t('credit.noOffers', { provider: provider.name })}
        </p>
      ) : (
        <div className={`account-field${monthsError ? ' account-field--invalid' : ''}`}>
          <label htmlFor={monthsId} className="account-field__label">
            {t('credit.months')}
          </label>
          <select
            id={monthsId}
            name="creditMonths"
            className="account-field__input"
            value={chosen ? String(chosen.months) : ''}
            onChange={(event) => form.set('creditMonths', event.target.value)}
            required
            aria-invalid={monthsError ? true : undefined}
            aria-describedby={monthsError ? `${monthsId}-error` : undefined}
          >
            <option value="">{t('credit.chooseMonths')}</option>
            {terms.map((term) => (
              <option key={term.months} value={term.months}>
                {t('credit.monthsOption', {
                  count: term.months,
                  perMonth: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(
                    term.perMonthEur / 100,
                  ),
                })}
              </option>
            ))}
          </select>
          {monthsError && (
            <p id={`${monthsId}-error`} className="account-field__error" data-testid="error-creditMonths">
              {text(monthsError)}
            </p>
          )}
        </div>
      )}
      {chosen && offers && (
        <section aria-live="polite" className="credit-summary" data-testid="credit-summary">
          <h3 className="account-field__label">{t('credit.summary')}</h3>
          <dl className="credit-summary__figures">
            <dt>{t('credit.creditAmount')}</dt>
            <dd>
              <EuroPrice cents={offers.creditAmountEur} />
            </dd>
            <dt>{t('credit.perMonth')}</dt>
            <dd data-testid="credit-per-month">
              <EuroPrice cents={chosen.perMonthEur} />
            </dd>
            {chosen.lastInstalmentEur !== chosen.perMonthEur && (
              <>
                <dt>{t('credit.lastInstalment')}</dt>
                <dd data-testid="credit-last-instalment">
                  <EuroPrice cents={chosen.lastInstalmentEur} />
                </dd>
              </>
            )}
            {chosen.feeEur > 0 && (
              <>
                <dt>{t('credit.fee')}</dt>
                <dd>
                  <EuroPrice cents={chosen.feeEur} />
                </dd>
              </>
            )}
            <dt>{t('credit.total')}</dt>
            <dd>
              <EuroPrice cents={chosen.totalEur} />
            </dd>
            <dt>{t('credit.glp')}</dt>
            <dd data-testid="credit-glp">{percentIn(chosen.glp, locale)}</dd>
            <dt>{t('credit.gpr')}</dt>
            <dd data-testid="credit-gpr">{percentIn(chosen.gpr, locale)}</dd>
          </dl>
          <p className="account-field__hint">{t('credit.computedHere')}</p>
        </section>
      )}
      <fieldset className="checkout-fieldset">
        <legend className="account-field__label">{t('credit.applicant')}</legend>
        <TextField binding={binding('creditFullName')} label={t('credit.fullName')} autoComplete="name" required />
        <TextField
          binding={binding('creditEgn')}
          label={t('credit.egn')}
          autoComplete="off"
          inputMode="numeric"
          required
        />
        <TextField
          binding={binding('creditEmail')}
          label={t('credit.email')}
          type="email"
          autoComplete="email"
          required
        />
        <TextField binding={binding('creditPhone')} label={t('credit.phone')} type="tel" autoComplete="tel" required />
        <TextField binding={binding('creditTown')} label={t('credit.town')} autoComplete="address-level2" required />
        <TextField
          binding={binding('creditAddress')}
          label={t('credit.address')}
          autoComplete="street-address"
          required
        />
        <TextField binding={binding('creditComment')} label={t('credit.comment')} autoComplete="off" />
      </fieldset>
    </fieldset>
  );
}
