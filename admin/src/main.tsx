import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { type RouteHandle, routes } from './routes';
import './styles/index.css';

const router = createBrowserRouter(routes);

const queryClient = createQueryClient({
  isProtectedPage: () =>
    router.state.matches.some((match) => (match.route.handle as RouteHandle | undefined)?.protected),
  isAdminPage: () => router.state.matches.some((match) => (match.route.handle as RouteHandle | undefined)?.admin),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
