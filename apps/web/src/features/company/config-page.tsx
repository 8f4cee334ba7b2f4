import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';

/**
 * A page of 'Mi Empresa': its header (title and introduction) over its content, or, when the
 * user may not see the content (`refusal` given), a notice saying why.
 */
export function ConfigPage({
  title,
  intro,
  maw = 1100,
  refusal,
  children,
}: {
  title: ReactNode;
  intro: ReactNode;
  maw?: number;
  refusal?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="md" maw={maw}>
      <PageHeader title={title} intro={intro} />
      {refusal ? (
        <Alert variant="light" maw={640}>
          {refusal}
        </Alert>
      ) : (
        children
      )}
    </Stack>
  );
}
