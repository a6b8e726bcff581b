import { CREDIT_MESSAGE_TEXTS } from '../../schema/credit/messages.ts';
import type { CreditTexts } from './credit-texts-bg.ts';

/** English texts of consumer credit (i18n namespace `credit`), part of the English dictionary's own chunk. */
export const creditTextsEn: CreditTexts = {
  legend: 'Buy on credit',
  provider: 'Credit provider',
  firstAmount: 'Down payment in euro',
  firstAmountHint: 'Optional. The rest of the amount is the credit.',
  months: 'Repayment term',
  chooseMonths: 'Choose a term',
  monthsOption: '{{count}} months: {{perMonth}} a month',
  summary: 'Your credit',
  price: 'Amount to pay',
  creditAmount: 'Credit amount',
  perMonth: 'Monthly instalment',
  lastInstalment: 'Last instalment',
  total: 'Total amount payable',
  fee: 'Arrangement fee',
  glp: 'Annual interest rate (ГЛП)',
  gpr: 'APR (ГПР)',
  noOffers: '{{provider}} offers no credit for this amount. Choose another provider or another down payment.',
  applicant: "The applicant's details",
  fullName: 'Full name',
  egn: 'Personal number (ЕГН)',
  email: 'E-mail',
  phone: 'Phone',
  town: 'Town',
  address: 'Permanent address',
  comment: 'A comment for the provider (optional)',
  computedHere:
    'Calculated on your device. The application goes to the provider with the order; it may ask for documents.',
  validation: CREDIT_MESSAGE_TEXTS.en,
};
