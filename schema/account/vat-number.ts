import { isValidEgn } from './egn.ts';
import { isValidEik } from './eik.ts';
import { textField } from './text-field.ts';

/**
 * A Bulgarian VAT number (BULGARIA.md): "A VAT number is `BG` followed by the ЕИК". A person registered for VAT
 * (a freelancer) has BG followed by the ЕГН. We accept the 9-digit ЕИК and the ЕГН only: the EU's VIES format for
 * BG is 9 or 10 digits, so a 13-digit branch code is never a VAT number (a branch invoices under its company's).
 */
export const isValidBgVatNumber = (text: string): boolean => {
  if (!text.startsWith('BG')) return false;
  const id = text.slice(2);
  return (id.length === 9 && isValidEik(id)) || (id.length === 10 && isValidEgn(id));
};

/** How people write it, 'bg 175 074 752', as it is checked and stored: 'BG175074752'. */
export const normaliseVatNumber = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

export const bgVatNumberSchema = textField(
  (text) => (isValidBgVatNumber(text) ? undefined : 'vatNumberInvalid'),
  normaliseVatNumber,
);
