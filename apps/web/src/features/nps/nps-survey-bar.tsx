import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { npsToggleOpen, type NpsSurveyRef } from '@cartera/domain/nps';
import { useTRPC } from '../../lib/trpc';

const t = es.nps;

/** 03 §7 Debounces: the NPS toggle waits this long after the last click before it is sent. */
export const NPS_TOGGLE_DEBOUNCE_MS = 500;

const STATUS_COLOR: Record<NpsSurveyRef['surveyStatus'], string> = {
  pendingDispatch: 'gray',
  sended: 'blue',
  answered: 'teal',
  failed: 'red',
};

/**
 * The NPS survey a WhatsApp message carries (03 §3 `npsSurvey`, issue #42): its state, the score
 * and comment once answered, and, while it is pending dispatch or sent, the switch that cancels
 * or activates it (03 §4): the switch moves at once, the call goes 500 ms after the last click,
 * and a failed call puts it back as the server has it.
 */
export function NpsSurveyBar({ survey }: { survey: NpsSurveyRef }) {
  const trpc = useTRPC();
  // The agent's latest choice while it is theirs (null: as the server has it).
  const [choice, setChoice] = useState<boolean | null>(null);
  const canceled = choice ?? survey.isCanceled;
  const toggle = useMutation(
    trpc.nps.cancel.mutationOptions({
      onError: () => {
        setChoice(null);
        notifications.show({ color: 'red', message: t.bubble.toggleError });
      },
    }),
  );
  const send = useDebouncedCallback((next: boolean) => {
    toggle.mutate({ surveyId: survey._id, canceled: next });
  }, NPS_TOGGLE_DEBOUNCE_MS);
  const change = (next: boolean) => {
    setChoice(next);
    send(next);
  };
  const open = npsToggleOpen(survey.surveyStatus);
  return (
    <Stack gap={4} mt={6} data-testid="nps-survey">
      <Group gap={6} wrap="wrap">
        <Text size="xs" fw={600}>
          {t.bubble.label}
        </Text>
        <Badge size="xs" variant="light" color={STATUS_COLOR[survey.surveyStatus]}>
          {t.statuses[survey.surveyStatus]}
        </Badge>
        {canceled && (
          <Badge size="xs" variant="light" color="orange">
            {t.bubble.canceled}
          </Badge>
        )}
      </Group>
      {survey.score !== null && (
        <Text size="sm" data-testid="nps-score">
          {format(t.bubble.score, { score: survey.score })}
        </Text>
      )}
      {survey.comment && (
        <Text size="sm" data-testid="nps-comment" style={{ overflowWrap: 'anywhere' }}>
          {format(t.bubble.comment, { comment: survey.comment })}
        </Text>
      )}
      {open && (
        <Switch
          size="xs"
          checked={!canceled}
          onChange={(event) => change(!event.currentTarget.checked)}
          label={t.bubble.active}
        />
      )}
    </Stack>
  );
}
