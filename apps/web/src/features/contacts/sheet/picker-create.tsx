import { useState } from 'react';
import { ActionIcon, Button, Group, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { PlusIcon } from '../../../ui/icons';
import { CompanyDialog } from '../../companies/company-dialog';

const t = es.conversationPanels;

/**
 * 02 §6: 'Crear empresa' beside a company picker of the contact sheet, for who may create
 * companies (the caller decides: the rule of /companies, the server's for company.create). The
 * company dialog of 'Empresas' opens; the new company is chosen in the row.
 */
export function CreateCompanyButton({
  label,
  onCreated,
}: {
  label: string;
  onCreated: (companyId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={t.addCompany} withArrow>
        <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpen(true)}>
          <PlusIcon size={16} />
        </ActionIcon>
      </Tooltip>
      <CompanyDialog
        opened={open}
        onClose={() => setOpen(false)}
        onSaved={(company) => onCreated(company.id)}
      />
    </>
  );
}

/**
 * 02 §6: 'Crear sector' beside a sector picker, for who may create companies' sectors: a name,
 * created in the row's company (company.createSector) and chosen in the row.
 */
export function CreateSectorButton({
  label,
  companyId,
  onCreated,
}: {
  label: string;
  companyId: string;
  onCreated: (sector: { id: string; name: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.company.createSector.mutationOptions({
      onSuccess: (sector) => {
        void queryClient.invalidateQueries(trpc.company.sectors.pathFilter());
        onCreated({ id: sector.id, name: sector.name });
        setName('');
        setOpen(false);
      },
    }),
  );
  const submit = () => {
    if (name.trim()) create.mutate({ companyId, name: name.trim() });
  };
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Tooltip label={t.addSector} withArrow>
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpen(!open)}>
            <PlusIcon size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={240}>
          <TextInput
            label={t.sectorName}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
            error={create.isError ? userMessageOf(create.error) : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button size="xs" loading={create.isPending} disabled={!name.trim()} onClick={submit}>
              {t.create}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
