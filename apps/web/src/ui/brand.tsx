import { Group, Text, type MantineSize } from '@mantine/core';
import { appEs } from '@cartera/domain/i18n/app';

/** The Cartera logo, with the product name unless `compact`. */
export function Brand({
  size = 40,
  compact = false,
  textSize = 'xl',
}: {
  size?: number;
  compact?: boolean;
  textSize?: MantineSize;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <img
        src="/brand/cartera.svg"
        alt={compact ? appEs.name : ''}
        width={size}
        height={size}
        style={{ display: 'block', flexShrink: 0 }}
      />
      {!compact && (
        <Text fz={textSize} fw={800} lh={1} c="dark.7" lts={-0.3}>
          {appEs.name}
        </Text>
      )}
    </Group>
  );
}
