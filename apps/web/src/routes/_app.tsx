import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppLayout } from '../shell/app-layout';

/** Every signed-in screen lives inside the application shell. */
export const Route = createFileRoute('/_app')({
  component: AppRoute,
});

function AppRoute() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
