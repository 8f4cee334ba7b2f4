import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { appEs } from '@cartera/domain/i18n/app';
import { CenteredPage } from '../ui/centered-page';

/**
 * Shown where a signed-in user typed or followed the address of a screen their profile may not
 * open (issue #35 item 5): what happened, in Spanish, and the way to their own landing screen.
 */
export function ForbiddenPage({ home }: { home: string }) {
  return (
    <CenteredPage>
      <Stack align="center" gap="sm" maw={460} ta="center" data-testid="forbidden-page">
        <Title order={1} fz="h2">
          {appEs.forbiddenTitle}
        </Title>
        <Text c="dimmed">{appEs.forbiddenBody}</Text>
        <Button mt="md" renderRoot={(props) => <Link to={home as '/'} {...props} />}>
          {appEs.forbiddenBack}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
