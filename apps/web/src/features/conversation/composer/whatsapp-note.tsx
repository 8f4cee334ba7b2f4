import { useState } from 'react';
import { Badge, Switch } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { MessagesIcon } from '../../../ui/icons';

const t = es.conversationPanels;

/**
 * Composer mode whatsapp-note (03 §2.2, §7 Create note 'whatsapp-note flag'): a note that records
 * a WhatsApp talk held outside Cartera. The note tab's switch turns it on; it stays on for the
 * next notes until turned off.
 */
export function useWhatsappNote() {
  const [on, setOn] = useState(false);
  return { on, setOn };
}

export function WhatsappNoteSwitch({ state }: { state: ReturnType<typeof useWhatsappNote> }) {
  return (
    <Switch
      size="xs"
      color="green"
      label={t.whatsappNote}
      description={t.whatsappNoteHint}
      checked={state.on}
      onChange={(event) => state.setOn(event.currentTarget.checked)}
    />
  );
}

/** The mark of a whatsapp-note on the timeline. */
export function WhatsappNoteMark() {
  return (
    <Badge
      size="sm"
      variant="light"
      color="green"
      radius="sm"
      tt="none"
      leftSection={<MessagesIcon size={12} />}
      style={{ alignSelf: 'flex-start' }}
    >
      {t.whatsappNote}
    </Badge>
  );
}
