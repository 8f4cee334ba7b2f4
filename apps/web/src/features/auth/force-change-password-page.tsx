import '../../ui/mantine-styles';
import { Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { safeReturnUrl } from '../../lib/return-url';
import { useTRPC } from '../../lib/trpc';
import { Brand } from '../../ui/brand';
import { CenteredPage } from '../../ui/centered-page';
import { ChangePasswordForm } from './change-password-form';
import { useLogout } from './use-logout';

/** /force-change-password: the change the policy requires before anything else (01 §4, §5). */
export function ForceChangePasswordPage({ returnUrl }: { returnUrl?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const logout = useLogout();

  async function done() {
    // The new `auth.me` no longer owes a change, so the guard lets the user through.
    await queryClient.fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: 0 });
    notifications.show({ color: 'teal', message: es.password.changed });
    const target = safeReturnUrl(returnUrl, window.location.origin) ?? '/';
    await router.navigate({ href: target, replace: true });
  }

  return (
    <CenteredPage>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap="sm" align="center" ta="center">
            <Brand size={48} compact />
            <Title order={1} fz={22}>
              {es.password.title}
            </Title>
            <Text size="sm" c="dimmed">
              {es.password.forcedIntro}
            </Text>
          </Stack>
          <ChangePasswordForm onSuccess={done} />
          <Divider />
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            mx="auto"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {es.auth.logout}
          </Button>
        </Stack>
      </Paper>
    </CenteredPage>
  );
}
