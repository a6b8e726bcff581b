import { SHOP_CONTACT } from '../../schema/shop/index.ts';
import { escapeHtml } from '../amp/escape-html.ts';
import { listUnsubscribeHeaders } from '../consent/index.ts';

/**
 * An outbox row as the message sent: its text as written, and the same text as HTML (escaped, paragraphs kept), each
 * ending with the shop's contact details. The Message-ID is the row's, so a mail sent again after a crash is
 * recognisably the same mail to the receiving side.
 */
export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  /** A marketing mail's one-click unsubscribe address (RFC 8058), sent as its List-Unsubscribe headers. */
  list_unsubscribe?: string | null;
}

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on a marketing mail. */
  headers?: Record<string, string>;
}

/** The shop as every mail signs it (Bulgarian first; the bodies carry both languages). */
export const SHOP_SIGNATURE = [
  SHOP_CONTACT.name,
  `тел. / phone ${SHOP_CONTACT.phone} · ${SHOP_CONTACT.email}`,
  `${SHOP_CONTACT.address.bg} / ${SHOP_CONTACT.address.en}`,
];

/**
 * Links in the text (absolute, built from PUBLIC_URL by whoever wrote the mail) become anchors in the HTML; the
 * text is escaped first, so only what this pattern finds is markup, and a shopper's words never are.
 */
const LINK = /\bhttps?:\/\/[^\s<>"']+/g;
const linked = (escaped: string): string => escaped.replace(LINK, (url) => `<a href="${url}">${url}</a>`);

/** Mails are written in Bulgarian or English (the owner's language): Cyrillic in the text says which. */
export const languageOf = (text: string): 'bg' | 'en' => (/[\u0400-\u04ff]/.test(text) ? 'bg' : 'en');

const htmlOf = (text: string): string => {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${linked(escapeHtml(p)).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  const signature = `<p style="color:#555">${SHOP_SIGNATURE.map(escapeHtml).join('<br>')}</p>`;
  return `<!doctype html><html lang="${languageOf(text)}"><head><meta charset="utf-8"></head><body>${paragraphs}\n<hr>${signature}</body></html>`;
};

export const composeMail = (row: OutboxRow, from: string, domain: string): MailMessage => ({
  from,
  to: row.to_address,
  subject: row.subject,
  text: `${row.body}\n\n--\n${SHOP_SIGNATURE.join('\n')}\n`,
  html: htmlOf(row.body),
  messageId: `<outbox-${row.id}@${domain}>`,
  ...(row.list_unsubscribe ? { headers: listUnsubscribeHeaders(row.list_unsubscribe) } : {}),
});
