import type { ReactNode } from 'react';
import { Center } from '@mantine/core';

/** The full-height, softly tinted backdrop of the standalone screens (start, 404, errors). */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      {children}
    </Center>
  );
}
