import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { authEs } from '@cartera/domain/i18n/app';
import { format } from '@cartera/domain/i18n/errors';

const NOTICE_ID = 'sign-in-link-while-signed-in';

/**
 * Issue #30 S6: a sign-in link (`?token=`) opened while this browser is signed in is not used
 * (a link never replaces a session); the notice says so and offers to sign out and use it.
 */
export function showSignInLinkNotice(signedInAs: string, signOutAndUse: () => Promise<void>) {
  notifications.show({
    id: NOTICE_ID,
    color: 'yellow',
    autoClose: false,
    message: (
      <Stack gap="xs">
        <Text size="sm">{format(authEs.linkWhileSignedIn, { name: signedInAs })}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            notifications.hide(NOTICE_ID);
            void signOutAndUse();
          }}
        >
          {authEs.linkSignOut}
        </Button>
      </Stack>
    ),
  });
}
