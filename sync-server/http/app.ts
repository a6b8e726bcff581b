import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { cartRoutes } from '../cart/cart-routes.ts';
import { productImageSvg } from '../catalog/demo-catalog.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from '../sync/change-stream.ts';
import { syncRoutes } from '../sync/sync-routes.ts';
import { errorHandler, problemBody } from './problem.ts';

export interface AppDeps {
  db: Database;
  streams: ChangeStreams;
  onPushed: () => void;
  staticDir?: string | undefined;
}

export const createApp = ({ db, streams, onPushed, staticDir }: AppDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '4mb' }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', store: db.kind, streams: streams.connectionCount });
  });
  app.use('/api/cart', cartRoutes(db));
  app.use('/sync', syncRoutes(db, streams, onPushed));
  app.get('/images/products/:file', (req, res) => {
    const svg = productImageSvg(req.params.file.replace(/\.svg$/, ''));
    if (!svg) {
      res.status(404).end();
      return;
    }
    res.type('image/svg+xml').set('cache-control', 'public, max-age=86400').send(svg);
  });
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
