import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preload } from 'swr';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { CURRENT_USER_KEY, fetchCurrentUser } from './lib/queries/current-user';

// Ask for the session while the first page's code is still arriving.
void preload(CURRENT_USER_KEY, fetchCurrentUser);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// docs/product.md "Installing the app": the service worker of built apps (none in development, where files change).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the app works as a plain web page: nothing installed, nothing shared to it.
    });
  });
}

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
