import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FLAG_SECTIONS, flagLabel, flagOffered } from '@cartera/domain/admin';
import { es, format } from '@cartera/domain/i18n';
import { flagOn, resolveFlags, type FeatureFlag } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import type { AdminGroup } from './admin-types';
import { useAdminSaved } from './use-admin-saved';

const text = es.admin.flags;

/**
 * A group's feature flags (01 §3, §4; 02 §6; 03 §6): each switch shows what is in force for the
 * group (its own value, else the nearest group above that sets it: `resolveFlags`, the same rule
 * the server applies to sessions) and sets the group's own 1 or 0; 'Heredar' removes it. Flags
 * without a reader yet are not offered (FLAGS_WITHOUT_READER).
 */
export function GroupFlags({ group, groups }: { group: AdminGroup; groups: AdminGroup[] }) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const byId = new Map(groups.map((each) => [each.id, each]));
  const path = [...group.ancestors.map((id) => byId.get(id)), group].filter(
    (each): each is AdminGroup => Boolean(each),
  );
  const effective = { featureFlags: resolveFlags(path.map((each) => each.featureFlags)) };
  const set = useMutation(
    trpc.admin.setFlag.mutationOptions({
      onSuccess: (_group, input) =>
        saved.done(
          format(text.changed, {
            flag: flagLabel(input.flag),
            state: input.value === null ? text.inherit : input.value === 1 ? text.on : text.off,
          }),
        ),
      onError: saved.failed,
    }),
  );
  const sourceOf = (flag: FeatureFlag) => {
    if (group.featureFlags[flag] !== undefined) return text.own;
    const from = [...path].reverse().find((each) => each.featureFlags[flag] !== undefined);
    return from ? format(text.inherited, { group: from.displayName || from.name }) : text.notSet;
  };
  const busy = (flag: FeatureFlag) => set.isPending && set.variables?.flag === flag;

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {text.intro}
      </Text>
      {FLAG_SECTIONS.map((section) => (
        <Stack
          key={section.id}
          gap="xs"
          component="section"
          aria-labelledby={`flags-${section.id}`}
        >
          <Title order={3} fz="sm" id={`flags-${section.id}`}>
            {text.sections[section.id]}
          </Title>
          {section.flags.filter(flagOffered).map((flag) => (
            <Group key={flag} justify="space-between" wrap="nowrap" gap="sm">
              <Switch
                label={flagLabel(flag)}
                description={sourceOf(flag)}
                checked={flagOn(effective, flag)}
                disabled={busy(flag)}
                onChange={(event) =>
                  set.mutate({
                    groupId: group.id,
                    flag,
                    value: event.currentTarget.checked ? 1 : 0,
                  })
                }
              />
              {group.featureFlags[flag] !== undefined && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  disabled={busy(flag)}
                  aria-label={`${text.inherit}: ${flagLabel(flag)}`}
                  onClick={() => set.mutate({ groupId: group.id, flag, value: null })}
                >
                  {text.inherit}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
