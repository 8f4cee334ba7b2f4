import { useId, useState } from 'react';
import { Grid, Group, Input, Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { canOpen, flagOn } from '@cartera/domain/policy';
import { guardUserOf, useMe } from '../../auth/session';
import { CreateCompanyButton, CreateSectorButton } from './picker-create';
import { useTRPC } from '../../../lib/trpc';
import { TrashIcon } from '../../../ui/icons';
import { AddRowButton, RemoveRowButton } from '../../../ui/row-buttons';
import { CompanyPicker, SEARCH_DEBOUNCE_MS } from '../../pickers/entity-pickers';
import { RemotePicker, searchTerm } from '../../pickers/remote-picker';
import { emptyCompany, type CompanyRow } from './sheet-values';

/**
 * Affiliated companies (02 §2 screen 1, §5): rows of one company, a sector of that company and
 * the contact's role there. Rows without a company are not sent.
 */
export function CompanyRowsInput({
  rows,
  onChange,
  required,
  error,
  errorOf,
  sectorNames,
}: {
  rows: CompanyRow[];
  onChange: (rows: CompanyRow[]) => void;
  required: boolean;
  /** 'Debes seleccionar al menos una empresa'. */
  error: string | undefined;
  errorOf: (key: string, field: 'companyId' | 'sectorId' | 'role') => string | undefined;
  /** Names of the sectors the edited contact already has. */
  sectorNames: Record<string, string>;
}) {
  const id = useId();
  // The sector of each company: where the company turned sectors on (docs/decisions.md).
  const me = useMe();
  const sectorsOn = me !== null && flagOn(me, 'sectors');
  // 02 §6: adding a company or a sector from the pickers, for who may (the rule of /companies,
  // which company.create and company.createSector answer to; sectors where companies have them).
  const mayCreate = me !== null && canOpen(guardUserOf(me), '/companies');
  const mayCreateSectors = mayCreate && flagOn(me, 'enableCompanyGroupSectors');
  // Names of the sectors created here, until the picker finds them.
  const [createdSectors, setCreatedSectors] = useState<Record<string, string>>({});
  const change = (key: string, patch: Partial<CompanyRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Input.Wrapper
      label={es.contacts.companies}
      withAsterisk={required}
      error={error}
      labelProps={{ id: `${id}-label` }}
    >
      <Stack gap={8} mt={4} role="group" aria-labelledby={`${id}-label`}>
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <Paper key={row.key} withBorder p="xs" radius="sm">
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Grid gap="xs" style={{ flex: 1 }}>
                  <Grid.Col span={{ base: 12, xs: sectorsOn ? 5 : 8 }}>
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <CompanyPicker
                          aria-label={`${es.contacts.company} ${n}`}
                          placeholder={es.contacts.company}
                          multiple={false}
                          size="sm"
                          value={row.companyId ? [row.companyId] : []}
                          error={errorOf(row.key, 'companyId')}
                          // A sector belongs to one company: choosing another company clears it.
                          onChange={(ids) =>
                            change(row.key, {
                              companyId: ids[0] ?? null,
                              sectorId: ids[0] === row.companyId ? row.sectorId : null,
                            })
                          }
                        />
                      </div>
                      {mayCreate && (
                        <CreateCompanyButton
                          label={`${es.conversationPanels.addCompany} ${n}`}
                          onCreated={(companyId) => change(row.key, { companyId, sectorId: null })}
                        />
                      )}
                    </Group>
                  </Grid.Col>
                  {sectorsOn && (
                    <Grid.Col span={{ base: 12, xs: 4 }}>
                      <Group gap={4} wrap="nowrap" align="flex-start">
                        <div style={{ flex: 1, minWidth: 0 }}>
                          <SectorPicker
                            label={`${es.contacts.sector} ${n}`}
                            companyId={row.companyId}
                            value={row.sectorId}
                            knownName={
                              row.sectorId
                                ? (sectorNames[row.sectorId] ?? createdSectors[row.sectorId])
                                : undefined
                            }
                            error={errorOf(row.key, 'sectorId')}
                            onChange={(sectorId) => change(row.key, { sectorId })}
                          />
                        </div>
                        {mayCreateSectors && row.companyId && (
                          <CreateSectorButton
                            label={`${es.conversationPanels.addSector} ${n}`}
                            companyId={row.companyId}
                            onCreated={(sector) => {
                              setCreatedSectors((now) => ({ ...now, [sector.id]: sector.name }));
                              change(row.key, { sectorId: sector.id });
                            }}
                          />
                        )}
                      </Group>
                    </Grid.Col>
                  )}
                  <Grid.Col span={{ base: 12, xs: 3 }}>
                    <TextInput
                      aria-label={`${es.contacts.role} ${n}`}
                      placeholder={es.contacts.role}
                      value={row.role}
                      maxLength={100}
                      error={errorOf(row.key, 'role')}
                      onChange={(event) => change(row.key, { role: event.currentTarget.value })}
                    />
                  </Grid.Col>
                </Grid>
                <RemoveRowButton
                  label={format(es.contacts.removeCompany, { n })}
                  onClick={() => onChange(rows.filter((each) => each.key !== row.key))}
                  icon={<TrashIcon size={16} />}
                />
              </Group>
            </Paper>
          );
        })}
        <AddRowButton
          label={es.contacts.addCompany}
          onClick={() => onChange([...rows, emptyCompany()])}
        />
      </Stack>
    </Input.Wrapper>
  );
}

/** A sector of the chosen company (companies.sectors, searched after a pause). */
function SectorPicker({
  label,
  companyId,
  value,
  knownName,
  error,
  onChange,
}: {
  label: string;
  companyId: string | null;
  value: string | null;
  knownName: string | undefined;
  error: string | undefined;
  onChange: (sectorId: string | null) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [term] = useDebouncedValue(searchTerm(search, knownName), SEARCH_DEBOUNCE_MS);
  const sectors = useQuery({
    ...trpc.company.sectors.queryOptions({
      companyId: companyId ?? '',
      search: term || undefined,
    }),
    enabled: opened && companyId !== null,
    placeholderData: keepPreviousData,
  });
  const options = (sectors.data?.items ?? [])
    .filter((sector) => sector.companyId === companyId)
    .map((sector) => ({ value: sector.id, label: sector.name }));
  const labels: Record<string, string> = {};
  if (value && knownName) labels[value] = knownName;
  return (
    <RemotePicker
      aria-label={label}
      placeholder={companyId ? es.contacts.sector : es.contacts.sectorNeedsCompany}
      multiple={false}
      size="sm"
      disabled={companyId === null}
      value={value ? [value] : []}
      onChange={(ids) => onChange(ids[0] ?? null)}
      options={options}
      labels={labels}
      loading={opened && sectors.isFetching}
      search={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      nothingFound={es.companies.noSectors}
      error={error}
    />
  );
}
