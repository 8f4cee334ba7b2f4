import { useState } from 'react';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { formatDate } from '../../lib/dates';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { BellIcon, CheckIcon, XIcon } from '../../ui/icons';
import { newId } from '@cartera/domain/ids';
import { useRefreshContact } from './actions/use-refresh-contact';
import { liveSuggestionsOf, type TimelineItem } from './timeline-model';
import classes from './timeline.module.css';

const t = es.conversation.timeline;

/**
 * The reminders an item suggests (03 §4): 'Recordar el 01/12/2026' with a check that sets the
 * reminder and an 'x' that dismisses it. Both hide the chip at once and bring it back with an
 * error toast if the server refuses.
 */
export function SuggestionChips({ item, contactId }: { item: TimelineItem; contactId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contactId);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const complete = useMutation(trpc.interaction.completeSuggestion.mutationOptions());
  const remove = useMutation(trpc.interaction.removeSuggestion.mutationOptions());
  const live = liveSuggestionsOf(item, new Date()).filter((each) => !hidden.has(each.index));
  if (!live.length) return null;

  const act = async (index: number, kind: 'complete' | 'remove') => {
    setHidden((current) => new Set(current).add(index));
    const target = { contactId, interactionId: item.id, index };
    try {
      if (kind === 'complete') {
        await complete.mutateAsync({ ...target, id: newId() });
        notifications.show({ color: 'teal', message: t.snoozed });
      } else {
        await remove.mutateAsync(target);
      }
      void refresh();
    } catch (error) {
      setHidden((current) => {
        const next = new Set(current);
        next.delete(index);
        return next;
      });
      // 03 §8: a generic error toast, unless the suggestion is simply gone or past.
      const known = ['SUGGESTION_NOT_AVAILABLE', 'REMINDER_DATE_PAST'].includes(
        domainCodeOf(error) ?? '',
      );
      notifications.show({
        color: 'red',
        message: known ? userMessageOf(error) : errorMessage(undefined),
      });
    }
  };

  return (
    <Group gap={6} mt={4} justify="flex-end" wrap="wrap">
      {live.map(({ index, date }) => {
        const label = format(t.suggestion, { date: formatDate(date) });
        return (
          <Group
            key={index}
            className={classes.suggestion}
            gap={4}
            wrap="nowrap"
            data-testid="suggested-reminder"
          >
            <BellIcon size={14} />
            <Text size="xs" fw={500}>
              {label}
            </Text>
            <Tooltip label={t.suggestionTake} withArrow>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="teal"
                aria-label={`${t.suggestionTake}: ${label}`}
                onClick={() => void act(index, 'complete')}
              >
                <CheckIcon size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t.suggestionRemove} withArrow>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={`${t.suggestionRemove}: ${label}`}
                onClick={() => void act(index, 'remove')}
              >
                <XIcon size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
    </Group>
  );
}
