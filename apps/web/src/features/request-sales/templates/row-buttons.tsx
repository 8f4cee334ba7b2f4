import { ActionIcon, Button, Group } from '@mantine/core';
import { TrashIcon } from '../../../ui/icons';

/** The red bin that removes a row of the template editor (an option, a rule, a status). */
export function RemoveRow({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" mt={4} aria-label={label} onClick={onClick}>
      <TrashIcon size={16} />
    </ActionIcon>
  );
}

/** The light button under a list of the template editor that adds a row to it. */
export function AddRow({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Group>
      <Button size="xs" variant="light" disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}
