// Entry: mounts the app with its providers (data cache, session, toasts).
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
