import { useState } from 'react';
import { Badge, Modal, Radio, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import type { ContactDetail } from '../../contacts/contact-format';
import { useTags } from '../../contacts/tag-chip';
import { newId } from '@cartera/domain/ids';
import { useRefreshContact } from './use-refresh-contact';
import { FormActions } from '../../../ui/form-actions';

const t = es.conversation.actions;

/**
 * The change-tag dialog (03 §4 Other, §5): a tag other than the current one is required. The new
 * tag shows at once (applied to the cached contact) and is then sent; a failure puts the old
 * tag back with 'Error al cambiar la etiqueta'. Only the contact's own agent opens it.
 */
export function ChangeTagDialog({
  contact,
  opened,
  onClose,
}: {
  contact: ContactDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.changeTagTitle} size={420} centered>
      {opened && <ChangeTagForm contact={contact} onClose={onClose} />}
    </Modal>
  );
}

function ChangeTagForm({ contact, onClose }: { contact: ContactDetail; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshContact(contact.id);
  const tags = useTags();
  const changeTag = useMutation(trpc.interaction.changeTag.mutationOptions());
  const [picked, setPicked] = useState<string | null>(null);
  const choices = (tags.data ?? []).filter((tag) => tag.code !== contact.statusTag);

  const submit = () => {
    if (!picked) return;
    const key = trpc.contact.get.queryKey({ id: contact.id });
    const before = queryClient.getQueryData(key);
    const previousTag = contact.statusTag;
    // A refetch landing now would put the old tag back on screen.
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, (current) =>
      current ? { ...current, statusTag: picked } : current,
    );
    onClose();
    // The form is gone by now: the outcome is handled here, not in `mutate` callbacks (those
    // never run once their component unmounted).
    changeTag
      .mutateAsync({ contactId: contact.id, id: newId(), tag: picked })
      .then(
        () => refresh(),
        () => {
          queryClient.setQueryData(key, (current) =>
            current ? { ...current, statusTag: previousTag } : (before ?? current),
          );
          notifications.show({ color: 'red', message: es.conversation.tagChangeFailed });
        },
      )
      .catch(() => undefined);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {tags.isPending ? (
          <Skeleton height={120} />
        ) : choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {es.conversation.noTags}
          </Text>
        ) : (
          <Radio.Group label={t.changeTagLabel} value={picked} onChange={setPicked} withAsterisk>
            <ScrollArea.Autosize mah={260} mt="xs">
              <Stack gap="xs">
                {choices.map((tag) => (
                  <Radio
                    key={tag.code}
                    value={tag.code}
                    aria-label={tag.name}
                    label={
                      <Badge color={tag.color} autoContrast radius="sm" tt="none" fw={600}>
                        {tag.name}
                      </Badge>
                    }
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <FormActions
          cancelLabel={t.cancel}
          onCancel={onClose}
          submitLabel={t.changeTagSubmit}
          disabled={!picked}
        />
      </Stack>
    </form>
  );
}
