import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { HttpProblem } from '../http/problem.ts';

/** The one-click POST's form body (RFC 8058 section 3.1): one field, a few bytes. */
export const oneClickBody: RequestHandler = express.urlencoded({ extended: false, limit: '1kb' });

const oneClickSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') }).loose();

/** A one-click unsubscription must say so (RFC 8058): any other POST to the address is refused, naming the field. */
export const requireOneClick = (body: unknown): void => {
  if (!oneClickSchema.safeParse(body).success) {
    throw new HttpProblem(400, 'List-Unsubscribe: the body must be List-Unsubscribe=One-Click', 'List-Unsubscribe');
  }
};
