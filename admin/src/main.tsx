import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client';
import { App, routeAt } from './routes';
import './styles/index.css';

const queryClient = createQueryClient({
  isProtectedPage: () => routeAt(window.location.pathname)?.handle?.protected === true,
  isAdminPage: () => routeAt(window.location.pathname)?.handle?.admin === true,
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
