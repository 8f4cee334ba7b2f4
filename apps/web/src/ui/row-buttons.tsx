import type { ReactNode } from 'react';
import { ActionIcon, Button, Group } from '@mantine/core';
import { PlusIcon, TrashIcon, XIcon } from './icons';

/**
 * 'Agregar …' below a form's list of rows (phones, e-mails, companies, sale lines); `light`, the
 * template editor's look (an option, a rule, a status): a small filled button without the plus.
 */
export function AddRowButton({
  label,
  onClick,
  disabled,
  light = false,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  light?: boolean;
}) {
  return (
    <Group>
      <Button
        variant={light ? 'light' : 'subtle'}
        size={light ? 'xs' : 'compact-sm'}
        leftSection={light ? undefined : <PlusIcon size={14} />}
        onClick={onClick}
        disabled={disabled}
      >
        {label}
      </Button>
    </Group>
  );
}

/**
 * A row's remove button in such a list, named for assistive technology ('Quitar teléfono 2');
 * `red`, the template editor's red bin.
 */
export function RemoveRowButton({
  label,
  onClick,
  icon = <XIcon size={16} />,
  red = false,
}: {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  red?: boolean;
}) {
  return red ? (
    <ActionIcon variant="subtle" color="red" mt={4} aria-label={label} onClick={onClick}>
      <TrashIcon size={16} />
    </ActionIcon>
  ) : (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick}>
      {icon}
    </ActionIcon>
  );
}
