import type { ReactNode } from 'react';
import { ActionIcon, Button, Group } from '@mantine/core';
import { PlusIcon, XIcon } from './icons';

/** 'Agregar …' below a form's list of rows (phones, e-mails, companies, sale lines). */
export function AddRowButton({
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
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<PlusIcon size={14} />}
        onClick={onClick}
        disabled={disabled}
      >
        {label}
      </Button>
    </Group>
  );
}

/** A row's remove button in such a list, named for assistive technology ('Quitar teléfono 2'). */
export function RemoveRowButton({
  label,
  onClick,
  icon = <XIcon size={16} />,
}: {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
}) {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick}>
      {icon}
    </ActionIcon>
  );
}
