import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { cartRoutes } from '../cart/cart-routes.ts';
import { catalogRoutes, type CatalogRoutesDeps } from '../catalog/catalog-routes.ts';
import { productImageRoute } from '../catalog/product-image.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from '../sync/change-stream.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import { syncRoutes } from '../sync/sync-routes.ts';
import { errorHandler, problemBody } from './problem.ts';

export interface AppDeps {
  db: Database;
  streams: ChangeStreams;
  onPushed: () => void;
  /** This process's executor: a push runs the commands that are next in line in its own transaction. */
  inline?: InlineExecutor | undefined;
  staticDir?: string | undefined;
  catalog: Omit<CatalogRoutesDeps, 'db'>;
}

export const createApp = ({ db, streams, onPushed, inline, staticDir, catalog }: AppDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '4mb' }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', store: db.kind, streams: streams.connectionCount });
  });
  app.use('/api/cart', cartRoutes(db));
  app.use('/api', catalogRoutes({ db, ...catalog }));
  app.use('/sync', syncRoutes(db, streams, onPushed, inline));
  app.get('/images/products/:file', productImageRoute(db));
  app.use(['/api', '/sync'], (req, res) => {
    res.status(404).json(problemBody(404, `no such call: ${req.method} ${req.originalUrl}`));
  });

  if (staticDir && existsSync(staticDir)) serveClient(app, path.resolve(staticDir));
  app.use(errorHandler);
  return app;
};

/** The built PWA: hashed assets cached for long, the service worker and the shell never cached by HTTP. */
const serveClient = (app: Express, root: string): void => {
  app.use(
    express.static(root, {
      index: false,
      setHeaders(res, file) {
        const noCache = file.endsWith('service-worker.js') || file.endsWith('.html') || file.endsWith('.webmanifest');
        res.set('cache-control', noCache ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    }),
  );
  // Every other GET is a client route: the shell decides (TanStack Router), including its 404 page.
  app.get(/.*/, (_req, res) => {
    res.set('cache-control', 'no-cache').sendFile(path.join(root, 'index.html'));
  });
};
