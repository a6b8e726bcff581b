import { z } from 'zod';
import { EMAIL_MAX } from '../account/limits.ts';
import { plainText } from '../validation/plain-text.ts';

/**
 * The fields shoppers write into reviews, inquiries, contact messages and feedback. Every free text is `plainText`
 * (no HTML or script, the field named in the refusal); the maximums follow the account's where the spec has them
 * (name 50 as a full name, e-mail 100) and are ours elsewhere.
 */
export const MESSAGE_MAX = 2000;
export const senderNameSchema = plainText(2, 50);
export const senderEmailSchema = z.string().trim().max(EMAIL_MAX).pipe(z.email('must be a valid e-mail address'));
/** A phone as people write it: digits, spaces, +, -, parentheses. Not required to be Bulgarian (visitors call too). */
export const senderPhoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number');
export const messageTextSchema = plainText(3, MESSAGE_MAX);
export const reviewTitleSchema = plainText(0, 100);
export const nicknameSchema = plainText(2, 50);
export const ratingSchema = z.number().int().min(1).max(5);
/** The page feedback was sent from: a path of this store ("/iphone"), never a whole address. */
export const pagePathSchema = z
  .string()
  .max(300)
  .regex(/^\/[^\s<>"]*$/, 'must be a path of this store');
/** The contact form's postal address: plain text, may be left out. */
export const postalAddressSchema = plainText(0, 200);
