import { useState } from 'react';
import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { visitSchema, type VisitRules } from '@cartera/domain/conversation';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { useMe } from '../../auth/session';
import { useTags } from '../../contacts/tag-chip';
import { UsersPicker } from '../../pickers/users-picker';
import { newId } from '@cartera/domain/ids';
import { useRefreshContact } from '../actions/use-refresh-contact';
import { FormActions } from '../../../ui/form-actions';

const c = es.conversation.composer;

export interface VisitSettings {
  results: Array<{ code: string; name: string }>;
  rules: VisitRules;
  /** Shared visits on: the visit may name participants (03 §5). */
  sharedVisits: boolean;
}

/**
 * 'Describe tu visita' (03 §2.2, §5): a result is required and the comment follows the tenant's
 * rules, checked here with the schema the server applies; the tag is optional, and so are the
 * participants, offered only when shared visits are on.
 */
export function VisitDialog({
  contactId,
  settings,
  opened,
  onClose,
}: {
  contactId: string;
  settings: VisitSettings;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={c.visitTitle} size={460} centered>
      {opened && <VisitForm contactId={contactId} settings={settings} onClose={onClose} />}
    </Modal>
  );
}

function VisitForm({
  contactId,
  settings,
  onClose,
}: {
  contactId: string;
  settings: VisitSettings;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const tags = useTags();
  const refresh = useRefreshContact(contactId);
  const createVisit = useMutation(trpc.interaction.createVisit.mutationOptions());
  const [state, setState] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const [shared, setShared] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ state?: string; comment?: string }>({});

  const submit = () => {
    const parsed = visitSchema(
      settings.rules,
      settings.results.map((result) => result.code),
    ).safeParse({ contactId, id: newId(), state: state ?? '', comment, tag, shared });
    if (!parsed.success) {
      const found: { state?: string; comment?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'state' || field === 'comment') && !found[field]) {
          found[field] = issue.message;
        }
      }
      setErrors(found);
      return;
    }
    const visit = parsed.data;
    createVisit.mutate(
      {
        ...visit,
        comment: visit.comment || undefined,
        shared: settings.sharedVisits && visit.shared.length ? visit.shared : undefined,
      },
      {
        // The visit (and a new tag) show from the server's answer, as the other actions do.
        onSuccess: () => {
          void refresh();
          onClose();
        },
        // 03 §8 Visit: 'Error en el contacto' over 'Hubo un error al guardar visita'.
        onError: () =>
          notifications.show({
            color: 'red',
            title: es.contactEditor.contactError,
            message: c.visitFailed,
          }),
      },
    );
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
        <Select
          label={c.visitResult}
          data={settings.results.map((result) => ({ value: result.code, label: result.name }))}
          value={state}
          onChange={(value) => {
            setState(value);
            setErrors((current) => ({ ...current, state: undefined }));
          }}
          error={errors.state}
          withAsterisk
          comboboxProps={{ withinPortal: false }}
        />
        <Textarea
          label={c.visitComment}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setErrors((current) => ({ ...current, comment: undefined }));
          }}
          error={errors.comment}
          withAsterisk={settings.rules.commentRequired}
          autosize
          minRows={3}
          maxRows={8}
        />
        <Select
          label={c.visitTag}
          data={(tags.data ?? []).map((each) => ({ value: each.code, label: each.name }))}
          value={tag}
          onChange={setTag}
          clearable
          comboboxProps={{ withinPortal: false }}
        />
        {settings.sharedVisits && <ParticipantsPicker value={shared} onChange={setShared} />}
        <FormActions
          cancelLabel={c.cancel}
          onCancel={onClose}
          submitLabel={c.save}
          loading={createVisit.isPending}
        />
      </Stack>
    </form>
  );
}

/** The tenant's users to share the visit with, searched on the server; never the author. */
function ParticipantsPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const me = useMe();
  return (
    <UsersPicker
      label={c.visitParticipants}
      placeholder={c.visitParticipantsPlaceholder}
      multiple
      value={value}
      onChange={onChange}
      exclude={me ? [me.user.id] : []}
    />
  );
}
