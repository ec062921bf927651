import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * Serves the built web app: hashed assets cached for a year (immutable), each as the brotli or gzip copy made at
 * build when the browser accepts one (with Content-Encoding and Vary: Accept-Encoding); index.html always
 * revalidated, and index.html for every client route so deep links and reloads work.
 */
export function webApp(distDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  router.use(
    '/assets',
    expressStaticGzip(path.join(distDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', fallthrough: false },
    }),
  );
  // The service worker and the manifest are looked at again on every visit, so a new version reaches everyone.
  router.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(file)) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  // A phone's share reaches the gateway only when the app's service worker is not running (it answers the POST
  // itself): the page then says the files did not arrive.
  router.post('/share', (_req, res) => {
    res.redirect(303, '/share?received=0');
  });
  router.get(/.*/, (_req, res) => {
    if (!fs.existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The web app has not been built yet. Run `npm run build`, then reload.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
