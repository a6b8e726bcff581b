import { Router } from 'express';
import { z } from 'zod';
import type { BlogPost } from '../../../schema/catalog/content.ts';
import type { Database } from '../../store/database.ts';
import { ok, parseInput } from '../../http/respond.ts';
import { okAnswer, type ApiRoute } from '../../http/api-description.ts';
import { blogPostSchema } from '../../../schema/catalog/content.ts';

/** Spec: the latest 6 posts. */
export const LATEST_POSTS = 6;

const postsQuerySchema = z.object({
  tag: z.string().min(1).max(64).optional(),
  /** The client's cache breaker (spec: "a time query parameter"); accepted and not used. */
  time: z.string().max(40).optional(),
});

/** GET /api/blog/posts?tag=&time=: the 6 latest posts (by published_at), of the tag when one is given. */
export const blogRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/blog/posts', async (req, res) => {
    const query = parseInput(postsQuerySchema, req.query, 'query');
    const rows =
      query.tag === undefined
        ? await db.query<{ doc: BlogPost }>('SELECT doc FROM blog_posts ORDER BY published_ms DESC, id DESC LIMIT $1', [
            LATEST_POSTS,
          ])
        : await db.query<{ doc: BlogPost }>(
            'SELECT doc FROM blog_posts WHERE tags @> ARRAY[$1::text] ORDER BY published_ms DESC, id DESC LIMIT $2',
            [query.tag, LATEST_POSTS],
          );
    ok(res, { items: rows.map((r) => r.doc) });
  });
  return router;
};

export const blogApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/blog/posts',
    summary: `The ${LATEST_POSTS} latest blog posts, of a tag when given`,
    access: 'public',
    request: { query: postsQuerySchema },
    responses: okAnswer('`{ items }`', z.object({ items: z.array(blogPostSchema) })),
  },
];
