import { useEffect } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { appEs } from '@cartera/domain/i18n/app';
import {
  allowNewVersionReload,
  isChunkLoadError,
  isConnected,
  onConnectionChange,
  useConnected,
  whenReachable,
} from '../lib/connection';
import { userMessageOf } from '../lib/errors';
import { CenteredPage } from '../ui/centered-page';

/** Last line of defence for errors thrown while loading or rendering a route. */
export function RouteErrorPage(props: ErrorComponentProps) {
  return (
    <CenteredPage>
      <RouteErrorView {...props} />
    </CenteredPage>
  );
}

/**
 * A screen that failed inside the shell (the router's default error component): the menu and
 * the rest of the app stay. A screen whose code could not be fetched (offline) says so, and
 * tries again by itself when the connection returns (issue #33 item 7).
 */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const connected = useConnected();
  const chunk = isChunkLoadError(error);
  // Online, a chunk still missing after the router's one reload is an ordinary failure.
  const offline = chunk && !connected;
  const retry = () => {
    reset();
    void router.invalidate();
  };
  // Asked for while connected: a chunk still missing then is a new version (the router reloads).
  const retryByHand = () => {
    if (isConnected()) allowNewVersionReload(error);
    retry();
  };

  useEffect(() => {
    if (!chunk) return;
    let mounted = true;
    const stop = onConnectionChange(() => {
      if (!isConnected()) return;
      void whenReachable().then(() => {
        if (mounted) retry();
      });
    });
    return () => {
      mounted = false;
      stop();
    };
    // `retry` only closes over what identifies this error.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chunk, error]);

  return (
    <Alert color={offline ? 'gray' : 'red'} variant="light" maw={460} w="100%" mx="auto">
      <Stack gap="sm" align="flex-start">
        {offline ? appEs.screenOffline : userMessageOf(error)}
        <Button variant="white" color={offline ? 'dark' : 'red'} onClick={retryByHand}>
          {offline ? appEs.screenRetry : appEs.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
