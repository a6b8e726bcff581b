import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { SubmitButton } from '../ui/form/form-parts.tsx';
import { InputField, RatingField, TextAreaField } from './fields.tsx';
import { SendStatus } from './send-status.tsx';
import { useMessageCommand } from './use-message-command.ts';
import type { FormValues } from './use-message-form.ts';
import '../ui/form/form.css';

const FIELDS = ['rating', 'title', 'text', 'nickname'] as const;
type Field = (typeof FIELDS)[number];
const INITIAL: FormValues<Field> = { rating: '', title: '', text: '', nickname: '' };
const SENT = 'messages.review.sent';

/**
 * The review form of a product page (`review.create`): rating, title, text, nickname. A review needs a login (one
 * review per user and product); a guest is asked to log in. It waits for moderation: the spec's 'You submitted your
 * review for moderation.' and the form is cleared.
 */
export function ReviewForm({ sku }: { sku: string }) {
  const { t } = useT();
  const toPayload = useCallback(
    (v: FormValues<Field>) => ({
      sku,
      rating: v.rating === '' ? undefined : Number(v.rating),
      ...(v.title !== '' ? { title: v.title } : {}),
      text: v.text,
      nickname: v.nickname,
    }),
    [sku],
  );
  const { phase, guest, ready, form, busy, onSubmit } = useMessageCommand(
    'review.create',
    SENT,
    { fields: FIELDS, initial: INITIAL, toPayload },
    false,
  );

  if (ready && guest) {
    return (
      <p className="product-page__hint" data-testid="review-login">
        {t('messages.review.loginFirst')} <Link to="/login">{t('messages.review.login')}</Link>
      </p>
    );
  }
  return (
    <form
      className="account-form message-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('messages.review.heading')}
      data-testid="review-form"
    >
      <h3>{t('messages.review.heading')}</h3>
      <RatingField field={form.field('rating')} label={t('messages.fields.rating')} />
      <InputField field={form.field('title')} label={t('messages.fields.title')} autoComplete="off" optional />
      <TextAreaField field={form.field('text')} label={t('messages.fields.text')} />
      <InputField field={form.field('nickname')} label={t('messages.fields.nickname')} autoComplete="nickname" />
      <SendStatus phase={phase} sentKey={SENT} invalid={form.invalid} />
      <SubmitButton submitting={busy}>{t('messages.review.submit')}</SubmitButton>
    </form>
  );
}
