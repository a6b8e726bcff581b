/**
 * The test cards of BORICA's test gateway (BULGARIA.md) and what each answers. Pure: the card number and amount
 * in, the outcome out.
 */

export interface Outcome {
  readonly action: string;
  readonly rc: string;
  readonly message: string;
  /** 3-D Secure's result: Y authenticated, N failed, '' not reached. */
  readonly paresStatus: string;
  readonly eci: string;
}

export const TEST_CARDS: readonly { readonly number: string; readonly note: string }[] = [
  { number: '5100770000000022', note: 'одобрява (00)' },
  { number: '4341792000000044', note: 'одобрява след еднократен код 111111' },
  { number: '5555000000070019', note: 'отказ 04' },
  { number: '5555000000070027', note: 'отказ 13' },
  { number: '5555000000070035', note: 'отказ 91' },
];

export const OTP_CARD = '4341792000000044';
export const TEST_OTP = '111111';

const approved: Outcome = { action: '0', rc: '00', message: 'Одобрена транзакция', paresStatus: 'Y', eci: '02' };

const BANK_DECLINES: Readonly<Record<string, Outcome>> = {
  '5555000000070019': { action: '2', rc: '04', message: 'Картата е задържана', paresStatus: 'Y', eci: '02' },
  '5555000000070027': { action: '2', rc: '13', message: 'Невалидна сума', paresStatus: 'Y', eci: '02' },
  '5555000000070035': { action: '2', rc: '91', message: 'Банката издател не отговаря', paresStatus: 'Y', eci: '02' },
};

export const normaliseCard = (card: string): string => card.replace(/[\s-]/g, '');

export const isTestCard = (card: string): boolean => TEST_CARDS.some((c) => c.number === card);

/** An amount ending in .65 is the test gateway's soft decline (the issuer wants Strong Customer Authentication). */
const isSoftDeclineAmount = (amount: string): boolean => /\.65$/.test(amount);

/** What paying `amount` with `card` gives, once 3-D Secure (if any) has passed. */
export const outcomeOf = (card: string, amount: string): Outcome => {
  if (isSoftDeclineAmount(amount)) {
    return { action: '21', rc: '65', message: 'Мек отказ: нужна е допълнителна проверка', paresStatus: 'Y', eci: '02' };
  }
  const decline = BANK_DECLINES[card];
  if (decline) return decline;
  return card === OTP_CARD ? { ...approved, eci: '05' } : approved;
};

export const cancelled: Outcome = {
  action: '3',
  rc: '-25',
  message: 'Плащането е отказано от картодържателя',
  paresStatus: '',
  eci: '',
};
export const authenticationFailed: Outcome = {
  action: '3',
  rc: '-19',
  message: 'Неуспешна проверка на картодържателя',
  paresStatus: 'N',
  eci: '',
};
export const formExpired: Outcome = {
  action: '3',
  rc: '-40',
  message: 'Времето за плащане изтече',
  paresStatus: '',
  eci: '',
};

/** The card as the answer shows it (the manual's `5100XXXXXXXX0022`): the first 4 and last 4 digits. */
export const maskCard = (card: string): string =>
  `${card.slice(0, 4)}${'X'.repeat(Math.max(card.length - 8, 0))}${card.slice(-4)}`;
