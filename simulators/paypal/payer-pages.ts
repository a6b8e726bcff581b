import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimConfig } from './config.ts';
import { readBody, redirect, sendHtml } from './http-io.ts';
import { approveOrder } from './orders.ts';
import { approvePage, messagePage, pagePolicy } from './pages.ts';
import type { SimState } from './state.ts';

/** The store's return_url (or cancel_url) with PayPal's query fields added (PayPal keeps the url's own query). */
export const backTo = (url: string, fields: Record<string, string>): string => {
  const target = new URL(url);
  for (const [k, v] of Object.entries(fields)) target.searchParams.set(k, v);
  return target.toString();
};

/**
 * The payer's side, without JavaScript: `GET /checkoutnow?token=ID` shows the order; its forms post to
 * `/checkoutnow/approve` (APPROVED, back to return_url with token and PayerID) or `/checkoutnow/cancel` (back to
 * cancel_url with token, the order left as it was, as PayPal does). Answers false for any other route.
 */
export const handlePayerPages = async (
  config: SimConfig,
  state: SimState,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> => {
  const path = url.pathname;
  if (req.method === 'GET' && path === '/checkoutnow') {
    const order = state.orders.get(url.searchParams.get('token') ?? '');
    if (!order) sendHtml(res, 404, messagePage('Няма такава поръчка в PayPal.'), pagePolicy());
    else if (order.status === 'COMPLETED' || order.status === 'VOIDED')
      sendHtml(res, 409, messagePage('Тази поръчка вече е приключена.'), pagePolicy(order));
    else sendHtml(res, 200, approvePage(order, config.PAYPAL_SIM_MERCHANT), pagePolicy(order));
    return true;
  }
  if (req.method !== 'POST' || (path !== '/checkoutnow/approve' && path !== '/checkoutnow/cancel')) return false;
  const form = new URLSearchParams(await readBody(req));
  const order = state.orders.get(form.get('token') ?? '');
  if (!order) {
    sendHtml(res, 404, messagePage('Няма такава поръчка в PayPal.'), pagePolicy());
    return true;
  }
  if (path === '/checkoutnow/cancel') {
    if (order.cancelUrl) redirect(res, backTo(order.cancelUrl, { token: order.id }));
    else sendHtml(res, 200, messagePage('Плащането е отказано.'), pagePolicy(order));
    return true;
  }
  const approved = approveOrder(state, order.id, form.get('funding') === 'declined' ? 'DECLINED' : 'COMPLETED');
  if (!approved.ok) sendHtml(res, 409, messagePage('Тази поръчка вече е приключена.'), pagePolicy(order));
  else if (order.returnUrl)
    redirect(res, backTo(order.returnUrl, { token: order.id, PayerID: approved.order.payerId ?? '' }));
  else sendHtml(res, 200, messagePage('Плащането е одобрено. Върнете се в магазина.'), pagePolicy(order));
  return true;
};
