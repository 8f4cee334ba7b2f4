import { Button, Group, Stack, Text } from '@mantine/core';
import { PRESET_GROUPS, type Preset } from './reminder-presets';

/**
 * The suggested times as buttons, by group ('Hoy', 'Esta semana', 'Siguiente semana…'): the
 * reminder wizard's date step and the scheduled message's dialog. The picked one is pressed.
 */
export function PresetGroups({
  pickedKey,
  onPick,
}: {
  pickedKey: string | null | undefined;
  onPick: (preset: Preset) => void;
}) {
  return (
    <>
      {PRESET_GROUPS.map((group) => (
        <Stack key={group.title} gap={4}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {group.title}
          </Text>
          <Group gap="xs" role="group" aria-label={group.title}>
            {group.presets.map((preset) => (
              <Button
                key={preset.key}
                size="compact-sm"
                radius="xl"
                variant={pickedKey === preset.key ? 'filled' : 'default'}
                aria-pressed={pickedKey === preset.key}
                onClick={() => onPick(preset)}
              >
                {preset.label}
              </Button>
            ))}
          </Group>
        </Stack>
      ))}
    </>
  );
}
