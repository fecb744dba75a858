// Entry: mounts the app with its providers (data cache, session, toasts); registers the service worker once the
// page has loaded.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AuthProvider } from './lib/auth';
import { adoptEarlyData } from './lib/early-data';
import { queryClient } from './lib/query-client';
import { ToastHost } from './ui/ToastHost';
import './styles.css';

// A shop page's largest paint is its header, drawn from the shop's data: the request started before this script
// arrived (public/early-data.js) goes straight into the cache.
adoptEarlyData(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <App />
        <ToastHost />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);

// The service worker (offline page, push notifications, issue 27) registers once the page has loaded and then
// asked for nothing new for 2 s (its data and pictures are in; at most 15 s after load): its module, and the app
// files it downloads for offline use, never compete with what the page shows first. Production builds only: the
// dev server has no sw.js.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const settled = () => {
    let quiet = 0;
    const register = () => {
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(latest);
      void import('./features/pwa/register-service-worker').then((module) => module.registerServiceWorker());
    };
    const observer = new PerformanceObserver(() => {
      clearTimeout(quiet);
      quiet = window.setTimeout(register, 2000);
    });
    observer.observe({ type: 'resource' });
    quiet = window.setTimeout(register, 2000);
    const latest = window.setTimeout(register, 15_000);
  };
  if (document.readyState === 'complete') settled();
  else window.addEventListener('load', settled, { once: true });
}
