import { Alert, Button, Stack } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../lib/errors';
import { CenteredPage } from '../ui/centered-page';

/** Last line of defence for errors thrown while loading or rendering a route. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <CenteredPage>
      <Alert color="red" variant="light" maw={460} w="100%">
        <Stack gap="sm" align="flex-start">
          {userMessageOf(error)}
          <Button
            variant="white"
            color="red"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {es.app.retry}
          </Button>
        </Stack>
      </Alert>
    </CenteredPage>
  );
}
