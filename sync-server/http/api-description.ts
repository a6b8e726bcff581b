/**
 * The HTTP API described in OpenAPI 3.1 (issue 30), from the zod schemas the routes already validate with.
 *
 * Each route module exports, beside its router, a list of `ApiRoute`s: one per route it serves, with the same
 * schemas it hands to `parseInput`. Adding a route means adding its entry beside it; `describeApi` here turns
 * every feature's list into the document served at `GET /api/openapi.json` (openapi-route.ts gathers the lists),
 * and an integration test walks the Express app and fails when a served route has no entry, or the reverse.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { OperatorRole } from '../../schema/ops/roles.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'head';

/**
 * Who may call: anyone (`public`), a token of a guest cart or an account (`token`), a logged-in account (`user`),
 * or an operator with at least this role.
 */
export type ApiAccess = 'public' | 'token' | 'user' | OperatorRole;

/** A path or query part as a route parses it: an object, possibly refined or transformed afterwards. */
type ObjectInput = NonNullable<NonNullable<RouteConfig['request']>['params']>;

export interface ApiAnswer {
  description: string;
  /** The JSON body; `undefined` for an answer without one (204, a HEAD, a redirect). */
  schema?: z.ZodType | undefined;
  /** Another media type than JSON (`text/event-stream`, `text/html`, `text/plain`). */
  mediaType?: string | undefined;
}

export interface ApiRoute {
  method: HttpMethod;
  /** The full path as Express matches it, parameters as `:name` (`/api/operator/orders/:orderNumber/status`). */
  path: string;
  summary: string;
  access: ApiAccess;
  /** Longer notes: limits, side effects, what a refusal looks like. */
  description?: string | undefined;
  request?:
    | {
        params?: ObjectInput | undefined;
        query?: ObjectInput | undefined;
        body?: z.ZodType | undefined;
        /** The body's media type when it is not JSON (a form post, raw photo bytes). */
        bodyType?: string | undefined;
        headers?: z.ZodObject | undefined;
      }
    | undefined;
  /** By status. When absent: a 200 `{ code, result }` answer with a free-form result. */
  responses?: Record<number, ApiAnswer> | undefined;
}

/** The routes of one feature, grouped under a tag in the document. */
export interface ApiFeature {
  tag: string;
  routes: readonly ApiRoute[];
}

/** The spec's answer shape, `{ code: 200, result }`, with the result's schema when one exists. */
export const answerOf = (result: z.ZodType = z.unknown()): z.ZodType => z.object({ code: z.literal(200), result });

/** A 200 `{ code, result }` answer. */
export const okAnswer = (description: string, result?: z.ZodType): Record<number, ApiAnswer> => ({
  200: { description, schema: answerOf(result) },
});

/** A result described in words only: a JSON object whose schema is not (yet) written in zod. */
export const jsonObject = (description: string): z.ZodType => z.record(z.string(), z.unknown()).describe(description);

/** The refusal body every 4xx and 5xx carries (problem.ts). */
export const problemSchema = z.object({
  code: z.number().int(),
  result: z.object({ error: z.string(), field: z.string().optional() }),
});

const problem = (description: string): ApiAnswer => ({ description, schema: problemSchema });

/** Refusals every route of a kind can answer, added to what each entry states. */
const usualRefusals = (route: ApiRoute): Record<number, ApiAnswer> => {
  const { params, query, body } = route.request ?? {};
  const refusals: Record<number, ApiAnswer> = {};
  if (params || query || body) refusals[400] = problem('Malformed input; `result.field` names the bad field');
  if (route.access !== 'public') refusals[401] = problem('No token, or one that has expired');
  if (route.access !== 'public' && route.access !== 'token') {
    refusals[403] = problem(route.access === 'user' ? 'Not a logged-in account' : `Needs the ${route.access} role`);
  }
  return refusals;
};

const PARAM = /:([A-Za-z0-9_]+)/g;

/** `/a/:id/b` → `/a/{id}/b`, OpenAPI's way of writing a path parameter. */
export const openApiPath = (expressPath: string): string => expressPath.replace(PARAM, '{$1}');

/** A route that names no schema for its path parameters gets plain strings: the document still lists them. */
const paramsOf = (route: ApiRoute): ObjectInput | undefined => {
  if (route.request?.params) return route.request.params;
  const names = [...route.path.matchAll(PARAM)].map((m) => m[1]!);
  return names.length === 0 ? undefined : z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
};

const contentOf = (answer: ApiAnswer) =>
  answer.schema === undefined && answer.mediaType === undefined
    ? undefined
    : { [answer.mediaType ?? 'application/json']: { schema: answer.schema ?? z.string() } };

const SECURITY_SCHEME = 'bearer';

const routeConfig = (route: ApiRoute, tag: string): RouteConfig => {
  const responses = { ...usualRefusals(route), ...(route.responses ?? okAnswer('The answer')) };
  const { query, body, bodyType, headers } = route.request ?? {};
  return {
    method: route.method,
    path: openApiPath(route.path),
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [tag],
    ...(route.access === 'public' ? {} : { security: [{ [SECURITY_SCHEME]: [] }] }),
    'x-access': route.access,
    request: {
      ...(paramsOf(route) ? { params: paramsOf(route) } : {}),
      ...(query ? { query } : {}),
      ...(headers ? { headers } : {}),
      ...(body ? { body: { required: true, content: { [bodyType ?? 'application/json']: { schema: body } } } } : {}),
    },
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, answer]) => {
        const content = contentOf(answer);
        return [status, { description: answer.description, ...(content ? { content } : {}) }];
      }),
    ),
  };
};

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** The OpenAPI 3.1 document of these features' routes. Throws when two entries claim the same method and path. */
export const describeApi = (features: readonly ApiFeature[], version: string): OpenApiDocument => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'The access token from POST /api/user/login (an account) or POST /api/cart/create (a guest cart)',
  });
  const seen = new Set<string>();
  for (const { tag, routes } of features) {
    for (const route of routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      if (seen.has(key)) throw new Error(`The API description names ${key} twice`);
      seen.add(key);
      registry.registerPath(routeConfig(route, tag));
    }
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Apple store BG: shop, sync and operator API',
      version,
      description:
        'Answers are `{ code, result }`. Bad input is a 400 naming the field; a business refusal of a command is ' +
        'its result, never an HTTP error. Operator calls (`x-access` a role) check the role on every call.',
    },
  });
};
