import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PREFIX, COMPAT_PREFIX } from './envelopes.js';

/** Vite names every built asset by its content hash, so a cached copy never goes stale. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The app's HTML (and any unhashed file) is revalidated on every load, so a new build shows at once. */
export const HTML_CACHE = 'no-cache';
const HASHED_ASSET_DIR = '/assets/';
/** Everything under /api is the API's, whatever version a path names. */
const API_SPACE = '/api';

/** The built app: `web/dist` of the package this module belongs to (source or compiled). */
export function defaultWebRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'web', 'dist');
}

const MISSING_BUILD_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Study Service</title>' +
  '<p>The web app has not been built. Run <code>npm run build:web</code> (npm ci does it) and reload.</p>';

/**
 * Serves the web app at the origin, outside the API prefix (see docs/decisions.md, Web app): built
 * files as they are, and the app's HTML for every other GET, so client routes such as /reviews or
 * /unsubscribe?token=... load the app. Unknown paths under /api (any version) and /v2 keep the API's JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, root: string = defaultWebRoot()): Promise<void> {
  await app.register(async (web) => {
    // Web routes are public (the app signs in through the API) and skip the API's JSON headers.
    web.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), auth: 'public', web: true };
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    // The build's .br and .gz twins are chosen by Accept-Encoding: caches must key on it too.
    web.addHook('onSend', async (_request, reply, payload) => {
      const vary = reply.getHeader('vary');
      reply.header('Vary', vary === undefined ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`);
      return payload;
    });
    const built = existsSync(join(root, 'index.html'));
    if (built) {
      await web.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Cache-Control comes from setHeaders alone.
        cacheControl: false,
        setHeaders: (res, path) => {
          res.setHeader('Cache-Control', path.replaceAll('\\', '/').includes(HASHED_ASSET_DIR) ? HASHED_ASSET_CACHE : HTML_CACHE);
        },
      });
    }
    const appHtml = (reply: FastifyReply) => {
      if (!built) return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', HTML_CACHE).send(MISSING_BUILD_PAGE);
      return reply.header('Cache-Control', HTML_CACHE).sendFile('index.html', { cacheControl: false });
    };
    web.get('/', (_request, reply) => appHtml(reply));
    web.get('/*', (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // Every /api/... path (another API version included) stays API space: a client gets JSON, never the app.
      const underApi = [API_SPACE, API_PREFIX, COMPAT_PREFIX].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
      if (underApi || path.startsWith(HASHED_ASSET_DIR)) return reply.callNotFound();
      return appHtml(reply);
    });
  });
}
