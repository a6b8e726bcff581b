import type { Request, RequestHandler } from 'express';
import { findUnstorable, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../schema/validation/storable.ts';
import { HttpProblem } from './problem.ts';

/**
 * Refuses a request whose path, query or JSON body holds what the store cannot keep (a NUL, a lone surrogate:
 * schema/validation/storable.ts) or a path segment that is no percent-encoding: a 400 naming the part ("path",
 * "query.sku", "body.slug"), before any route reads it. A route would otherwise hand such text to a statement,
 * which the store refuses with an error (a 500). Mounted in front of the read routes (catalogue, AMP, images).
 */
export const checkStorableRequest = (req: Request): void => {
  for (const segment of req.path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new HttpProblem(400, 'path: a segment is not valid percent-encoded UTF-8', 'path');
    }
    if (!isStorableText(decoded)) throw new HttpProblem(400, `path: ${UNSTORABLE_TEXT_MESSAGE}`, 'path');
  }
  for (const [part, value] of [
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const found = findUnstorable(value);
    if (found) {
      const field = [part, ...found.path].join('.').slice(0, 200);
      throw new HttpProblem(400, `${field}: ${found.message}`, field);
    }
  }
};

/** checkStorableRequest as a middleware. */
export const refuseUnstorableInput = (): RequestHandler => (req, _res, next) => {
  checkStorableRequest(req);
  next();
};
