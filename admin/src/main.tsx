import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client';
import { App, prefetchPage, routeAt } from './routes';
import './styles/index.css';

const queryClient = createQueryClient({
  isProtectedPage: () => routeAt(window.location.pathname)?.handle?.protected === true,
  isAdminPage: () => routeAt(window.location.pathname)?.handle?.admin === true,
});

prefetchPage(window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition: the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (Lighthouse's Total Blocking Time, decision 059).
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
});
