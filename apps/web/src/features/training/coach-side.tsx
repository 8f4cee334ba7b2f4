import { Stack, Title } from '@mantine/core';
import { notFound, redirect } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { can, guardRoute } from '@cartera/domain/policy';
import type { RouterContext } from '../../lib/router-context';
import { guardUserOf, useMe, type Me } from '../auth/session';
import { CoachSettings } from './coach-settings';
import { ItemsPage } from './training-items';
import { PublicationsPage } from './training-pages';
import { useCoach, type TrainingItem } from './use-training';

const texts = es.training;

/**
 * The coach's side of 'Aprender' (03 §2.3 /comercial/{comercial}/instances and /publications):
 * only for the company's coach and admins, and only for their own company (`comercial` is its
 * id; another is the 404 page). Anyone else who may use 'Aprender' goes to its tab.
 */
export async function requireCoachSide(
  { queryClient, trpc, me }: RouterContext & { me: Me | null },
  company: string,
  fallback: '/training/instances' | '/training/publications',
) {
  if (!me || me.tenant.id !== company) throw notFound();
  if (guardRoute(guardUserOf(me), '/training').kind !== 'allow') throw redirect({ to: '/' });
  const coach = await queryClient.ensureQueryData(trpc.training.coach.queryOptions());
  if (!coach.canManage) throw redirect({ to: fallback, replace: true });
}

/** The classes and tutorials of the company, to upload, change and delete. */
export function CoachItemsPage({ onOpen }: { onOpen: (item: TrainingItem) => void }) {
  return (
    <Stack gap="xl">
      <Title order={1} fz="h2">
        {texts.instances}
      </Title>
      <ItemsPage type="instance" emptyLabel={texts.noInstances} onOpen={onOpen} />
      <Title order={2} fz="h3">
        {texts.tutorials}
      </Title>
      <ItemsPage type="tutorial" emptyLabel={texts.noTutorials} onOpen={onOpen} />
    </Stack>
  );
}

/** The company's posts, to create, change and delete, and their comments to moderate. */
export function CoachPublicationsPage() {
  const me = useMe();
  const coach = useCoach();
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {texts.publications}
      </Title>
      {me && can(me.user, 'administer') && coach.data && <CoachSettings info={coach.data} />}
      <PublicationsPage />
    </Stack>
  );
}
