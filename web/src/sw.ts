/// <reference lib="webworker" />
/**
 * The service worker (docs/product.md "Installing the app"): the app shell and the hashed assets come from its cache,
 * so the installed app opens at once; /api is never cached (every answer is the member's, and fresh). It also
 * receives what a phone's gallery shares with the app (the manifest's share_target): the files go to the share
 * inbox and the page opens /share, which puts them into the upload queue.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { putSharedFiles } from './lib/share-inbox';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const SHARE_PATH = '/share';

async function receiveShare(request: Request): Promise<Response> {
  try {
    const form = await request.formData();
    const files = form.getAll('media').filter((value): value is File => value instanceof File && value.size > 0);
    await putSharedFiles(files);
    return Response.redirect(`${SHARE_PATH}?received=${files.length}`, 303);
  } catch {
    return Response.redirect(`${SHARE_PATH}?received=0`, 303);
  }
}

// Before Workbox's routes, which answer GETs only.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.origin === self.location.origin && url.pathname === SHARE_PATH) {
    event.respondWith(receiveShare(event.request));
  }
});

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Every page of the app is index.html; /api (answers, files, downloads) always goes to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));
