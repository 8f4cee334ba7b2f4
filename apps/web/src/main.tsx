// Only the styles the login page and the app's frame draw with (issue #35 item 2: the first
// load); the shell and the other screens load all of Mantine's (ui/mantine-styles.ts). Layered
// (`@layer mantine`): a style of ours wins over Mantine's whichever arrives first.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import './lib/dates';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { watchSession } from './features/auth/session-watch';
import { followLiveOrigin } from './features/live/live-origin';
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
followLiveOrigin(queryClient, trpc);
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
