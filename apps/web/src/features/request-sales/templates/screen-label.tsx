import { useState } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useMe } from '../../auth/session';
import { userMessageOf } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useTRPC } from '../../../lib/trpc';

const texts = es.requestSalesOffice.label;

/**
 * The company's own name of /comercial/requestsale and its menu entry (01 §2, default
 * 'Solicitudes'); empty brings the default back. The menu and the title follow at once.
 */
export function ScreenLabel() {
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(me?.settings.requestSaleLabel ?? '');
  const save = useMutation(
    trpc.requestSale.setLabel.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        notifications.show({ color: 'teal', message: texts.saved });
      },
    }),
  );
  const changed = value.trim() !== (me?.settings.requestSaleLabel ?? '');
  const error = save.error
    ? (fieldErrorsOf(save.error).label?.[0] ?? userMessageOf(save.error))
    : null;

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ label: value.trim() || null });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={texts.field}
            description={texts.hint}
            placeholder={es.menu.entries.requestSale}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              save.reset();
            }}
            error={error}
            w={320}
          />
          <Button type="submit" variant="default" loading={save.isPending} disabled={!changed}>
            {texts.save}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
