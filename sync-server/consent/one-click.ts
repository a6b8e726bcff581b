/**
 * RFC 8058 one-click unsubscribe: a marketing mail carries `List-Unsubscribe: <https URL>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; the reader's mail client then POSTs exactly that body to the
 * URL, with no cookie and no page in between, and the address is unsubscribed. A GET of the URL (a person's click, or
 * a scanner following links) changes nothing by itself where the page can ask first.
 */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

export const listUnsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': ONE_CLICK_BODY,
});
