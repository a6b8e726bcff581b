import { Router, type Request } from 'express';
import { z } from 'zod';
import { enforceLimit, limitKey } from '../accounts/rate-limit.ts';
import { jsonObject, type ApiRoute } from '../http/api-description.ts';
import { authenticate, principalOf } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { parseInput } from '../http/respond.ts';
import { log } from '../observability/logger.ts';
import { serverFeatures } from '../features/registry.ts';
import type { Database } from '../store/database.ts';
import { ownerExportSections, type ExportSection } from './owner-export.ts';
import { EXPORT_PAGE_END, exportPageSection, exportPageStart } from './render-html.ts';

/** Exports one account may ask for in an hour: enough to retry, too few to load the store with. */
export const EXPORT_LIMIT = { max: 10, windowSeconds: 3600 } as const;

const exportQuerySchema = z.object({
  format: z.enum(['json', 'html']).default('json'),
  language: z.enum(['bg', 'en']).default('bg'),
});

/** How each format opens, writes a section and closes: the JSON file, or the page to read (render-html.ts). */
const WRITERS = {
  json: {
    start: (_language: 'bg' | 'en', exportedAt: string) => `{"exportedAt":${JSON.stringify(exportedAt)}`,
    section: (section: ExportSection) => `,${JSON.stringify(section.name)}:${JSON.stringify(section.data)}`,
    end: '}',
  },
  html: { start: exportPageStart, section: exportPageSection, end: EXPORT_PAGE_END },
} as const;

const userOf = (req: Request) => {
  const principal = principalOf(req);
  if (principal.kind !== 'user') throw new HttpProblem(401, 'A logged-in user is required: not authorized', 'token');
  return principal;
};

/**
 * GET /api/user/me/data (issue 32, access and portability): the logged-in user's data as one JSON file (a download),
 * or `?format=html` as a page to read. Streamed section by section (owner-export.ts), each written as soon as it is
 * read, so a large export starts at once and the page can show its progress.
 */
export const dataRightsRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/me/data', authenticate(db), async (req, res) => {
    const user = userOf(req);
    const { format, language } = parseInput(exportQuerySchema, req.query, 'query');
    await enforceLimit(db, res, limitKey('data-export', user.owner), EXPORT_LIMIT, 'Too many exports: try in an hour');
    const exportedAt = new Date().toISOString();
    const writer = WRITERS[format];
    res.setHeader('cache-control', 'no-store');
    res.type(format);
    if (format === 'json') {
      res.setHeader(
        'content-disposition',
        `attachment; filename="apple-store-bg-data-${exportedAt.slice(0, 10)}.json"`,
      );
    }
    res.write(writer.start(language, exportedAt));
    try {
      for await (const section of ownerExportSections(db, user, serverFeatures)) res.write(writer.section(section));
    } catch (error) {
      // The answer has begun: it cannot turn into a 500. Cut it, so the file is visibly incomplete, not wrong.
      log.error(
        { component: 'data-rights', reason: error instanceof Error ? error.message : String(error) },
        'export cut',
      );
      res.destroy();
      return;
    }
    res.end(writer.end);
  });
  return router;
};

export const dataRightsApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/user/me/data',
    summary: "The logged-in user's data (access and portability): one JSON file, or ?format=html to read",
    access: 'user',
    request: { query: exportQuerySchema },
    responses: {
      200: {
        description: 'exportedAt, then one member per section: profile, features.<name>, commands, devices, emails',
        schema: jsonObject('exportedAt, profile, features.*, commands, devices, emails, newsletter, consents'),
      },
    },
  },
];
