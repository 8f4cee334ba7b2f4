import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { appEs } from '@cartera/domain/i18n/app';
import { CenteredPage } from '../ui/centered-page';

/** Shown for any address the router does not know (the server answers index.html for them). */
export function NotFoundPage() {
  return (
    <CenteredPage>
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Text fz={72} fw={800} lh={1} c="cyan.3" aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          {appEs.notFoundTitle}
        </Title>
        <Text c="dimmed">{appEs.notFoundBody}</Text>
        <Button mt="md" renderRoot={(props) => <Link to="/" {...props} />}>
          {appEs.backHome}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
