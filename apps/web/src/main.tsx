import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/dates';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { watchSession } from './features/auth/session-watch';
import { guardChunkReloadsWhileOffline } from './lib/connection';
import { createQueryClient } from './lib/query-client';
import { trpcClient, type AppRouter } from './lib/trpc';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

guardChunkReloadsWhileOffline();
const sessionWatch = watchSession();
const queryClient = createQueryClient({ onError: sessionWatch.onError });
const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
const router = createAppRouter({ queryClient, trpc, trpcClient });
sessionWatch.attach({ queryClient, trpc, router });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
