import { randomBytes } from 'node:crypto';

/** PayPal's error body: `{name, message, details[{field?, location?, issue, description}], debug_id, links}`. */
export interface PayPalErrorBody {
  readonly name: string;
  readonly message: string;
  readonly debug_id: string;
  readonly details: readonly { readonly field?: string; readonly issue: string; readonly description: string }[];
  readonly links: readonly { readonly href: string; readonly rel: string }[];
}

export interface SimAnswer {
  readonly status: number;
  readonly body: unknown;
}

const MESSAGES: Readonly<Record<string, string>> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
};

const NAME_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'INVALID_REQUEST',
  401: 'AUTHENTICATION_FAILURE',
  404: 'RESOURCE_NOT_FOUND',
  422: 'UNPROCESSABLE_ENTITY',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'INTERNAL_SERVER_ERROR',
};

export const debugId = (): string => randomBytes(7).toString('hex');

/** An error answer in PayPal's shape, one detail naming the issue (and the field, for a bad request). */
export const paypalError = (status: number, issue: string, description: string, field?: string): SimAnswer => {
  const name = NAME_BY_STATUS[status] ?? 'INTERNAL_SERVER_ERROR';
  const body: PayPalErrorBody = {
    name,
    message: MESSAGES[name] ?? name,
    debug_id: debugId(),
    details: [{ ...(field === undefined ? {} : { field, location: 'body' }), issue, description }],
    links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link' }],
  };
  return { status, body };
};
