import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { routeObjects } from './router.tsx';

const router = createBrowserRouter(routeObjects);
const queryClient = createQueryClient();

export const App = () => (
  <AppProviders queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppProviders>
);
