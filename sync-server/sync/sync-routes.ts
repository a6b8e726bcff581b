import { Router } from 'express';
import { pullQuerySchema } from '../../schema/index.ts';
import { authenticate, principalOf } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from './change-stream.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import { pushCommands } from './push-commands.ts';
import { pullSources } from './read-sources.ts';

/** `inline`: this process's executor, which runs commands that are next in line inside their push. */
export const syncRoutes = (
  db: Database,
  streams: ChangeStreams,
  onPushed: () => void,
  inline?: InlineExecutor,
): Router => {
  const router = Router();
  router.use(authenticate(db));

  router.get('/stream', async (req, res) => {
    await streams.open(principalOf(req).owner, res);
  });

  router.get('/:collection/pull', async (req, res) => {
    const source = pullSources[req.params.collection];
    if (!source) throw new HttpProblem(404, `unknown collection "${req.params.collection}"`, 'collection');
    const query = pullQuerySchema.safeParse(req.query);
    if (!query.success) throw HttpProblem.invalid(query.error, 'query');
    res.json(await source.pull(db, principalOf(req).owner, query.data.after, query.data.limit));
  });

  router.post('/:collection/push', async (req, res) => {
    const source = pullSources[req.params.collection];
    if (!source) throw new HttpProblem(404, `unknown collection "${req.params.collection}"`, 'collection');
    if (!source.pushable) throw new HttpProblem(405, `collection "${source.name}" is pull only`, 'collection');
    const { response, changes, leftPending } = await pushCommands(db, principalOf(req), req.body, inline);
    streams.publish(changes);
    if (leftPending) onPushed();
    res.json(response);
  });

  return router;
};
