import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  AspectRatio,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { CalendarIcon } from '../../ui/icons';
import { RouteTabs } from '../../ui/route-tabs';
import { UserAvatar } from '../../ui/user-avatar';
import { framedPageUrl } from '../../lib/framed-page';
import { fullNameOf } from '../auth/session';
import { useCoach } from './use-training';
import { useTrainingLive } from './use-training-live';

const texts = es.training;

const TABS = [
  { path: '/training', label: texts.tabs.all },
  { path: '/training/publications', label: texts.tabs.publications },
  { path: '/training/tutorials', label: texts.tabs.tutorials },
  { path: '/training/instances', label: texts.tabs.instances },
] as const;

type Coach = NonNullable<NonNullable<ReturnType<typeof useCoach>['data']>['coach']>;

/** 'Agendar reunión' (02 §2 screen 7): the coach's meeting page, embedded. */
function MeetingDialog({ coach, onClose }: { coach: Coach; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={texts.scheduleMeeting} size="xl" centered>
      {coach.meetLink ? (
        <Stack gap="sm">
          <AspectRatio ratio={4 / 3}>
            <iframe
              src={framedPageUrl(coach.meetLink)}
              title={texts.scheduleMeeting}
              style={{ border: 0, borderRadius: 8 }}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            />
          </AspectRatio>
          <Anchor href={coach.meetLink} target="_blank" rel="noreferrer" size="sm">
            {texts.openMeetingInTab}
          </Anchor>
        </Stack>
      ) : (
        <Alert variant="light">{texts.meetingNoLink}</Alert>
      )}
    </Modal>
  );
}

/** The manager card of the training header: photo, name, 'Entrenador', 'Agendar reunión'. */
function CoachCard({ coach }: { coach: Coach }) {
  const [meeting, setMeeting] = useState(false);
  const name = fullNameOf(coach);
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="training-coach">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={{ photo: coach.photo, color: null }} name={name} size={36} />
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {texts.coach}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<CalendarIcon size={14} />}
          onClick={() => setMeeting(true)}
        >
          {texts.scheduleMeeting}
        </Button>
      </Group>
      {meeting && <MeetingDialog coach={coach} onClose={() => setMeeting(false)} />}
    </Paper>
  );
}

/** The frame of 'Aprender' (03 §2.3): title, the coach card and the four tabs. */
export function TrainingLayout({ children }: { children: ReactNode }) {
  const coach = useCoach();
  useTrainingLive();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} fz="h2">
          {texts.title}
        </Title>
        {coach.data?.coach && <CoachCard coach={coach.data.coach} />}
      </Group>
      <RouteTabs tabs={TABS} />
      {children}
    </Stack>
  );
}
