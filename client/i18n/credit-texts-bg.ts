import { addBulgarianTexts } from './lazy-texts.ts';
import { CREDIT_MESSAGE_TEXTS, type CreditMessage } from '../../schema/credit/messages.ts';

/** Widened to text, so the English dictionary may say it in English. */
const validation: Record<CreditMessage, string> = CREDIT_MESSAGE_TEXTS.bg;

/**
 * Bulgarian texts of consumer credit (i18n namespace `credit`): the checkout's credit form. Not in the first page's
 * dictionary (client/i18n/bg.ts names their type only): `addCreditTexts` adds them when the form's module loads.
 * English rides in the English dictionary (client/i18n/en.ts).
 */
export const creditTextsBg = {
  legend: 'Покупка на кредит',
  provider: 'Кредитор',
  firstAmount: 'Първоначална вноска в евро',
  firstAmountHint: 'По желание. Останалата част от сумата е размерът на кредита.',
  months: 'Срок на изплащане',
  chooseMonths: 'Изберете срок',
  monthsOption: '{{count}} месеца: {{perMonth}} на месец',
  summary: 'Вашият кредит',
  price: 'Сума за плащане',
  creditAmount: 'Размер на кредита',
  perMonth: 'Месечна вноска',
  lastInstalment: 'Последна вноска',
  total: 'Обща дължима сума',
  fee: 'Такса за отпускане',
  glp: 'ГЛП (годишен лихвен процент)',
  gpr: 'ГПР (годишен процент на разходите)',
  noOffers: '{{provider}} не предлага кредит за тази сума. Изберете друг кредитор или друга първоначална вноска.',
  applicant: 'Данни на кредитоискателя',
  fullName: 'Име, презиме и фамилия',
  egn: 'ЕГН',
  email: 'Имейл',
  phone: 'Телефон',
  town: 'Населено място',
  address: 'Постоянен адрес',
  comment: 'Коментар към кредитора (по желание)',
  computedHere:
    'Изчислено на устройството. Заявката се изпраща на кредитора с поръчката; той може да поиска документи.',
  validation,
};

export type CreditTexts = typeof creditTextsBg;

/** Adds the Bulgarian credit texts once (client/i18n/lazy-texts.ts). */
export const addCreditTexts = (): void => addBulgarianTexts('credit', creditTextsBg);
