import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ZSectorName } from '@cartera/domain/companies';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { SearchIcon, TrashIcon } from '../../ui/icons';
import { SEARCH_DEBOUNCE_MS } from '../pickers/entity-pickers';
import { Panel } from '../../ui/panel';
import { FormActions } from '../../ui/form-actions';

/** 02 §9: the 'Crear sector' dialog is 425 px wide. */
const SECTOR_DIALOG_WIDTH = 425;

/** 02 §5: 1 to 60 characters, with the specification's messages. */
export function sectorNameError(name: string): string | null {
  const parsed = ZSectorName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The sectors of a company (paged 50 at a time, searched), 'Crear sector' and deletion. */
export function SectorsPanel({ companyId }: { companyId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const deleting = useRemoval<{ id: string; name: string }>();

  const sectors = useInfiniteQuery(
    trpc.company.sectors.infiniteQueryOptions(
      { companyId, search: term || undefined },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );
  const items = sectors.data?.pages.flatMap((page) => page.items) ?? [];
  const refresh = () => queryClient.invalidateQueries(trpc.company.sectors.pathFilter());

  const remove = useMutation(
    trpc.company.deleteSector.mutationOptions({
      onSuccess: () => {
        deleting.close();
        void refresh();
      },
    }),
  );

  return (
    <Panel
      titleId="sectors-title"
      title={es.companies.sectors}
      action={{ label: es.companies.createSector, onClick: () => setCreating(true) }}
    >
      <TextInput
        size="sm"
        aria-label={es.companies.searchSectors}
        placeholder={es.companies.searchSectors}
        leftSection={<SearchIcon size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {sectors.isPending ? (
        <Stack gap={6}>
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : sectors.isError ? (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(sectors.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" py="xs">
          {term ? es.fields.noSearchResults : es.companies.noSectors}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((sector) => (
              <Group
                key={sector.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="xs"
                py={4}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                bg="gray.0"
              >
                <Text size="sm" truncate>
                  {sector.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={format(es.companies.deleteSectorNamed, { name: sector.name })}
                  onClick={() => deleting.ask({ id: sector.id, name: sector.name })}
                >
                  <TrashIcon size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {sectors.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          loading={sectors.isFetchingNextPage}
          onClick={() => void sectors.fetchNextPage()}
        >
          {es.companies.loadMore}
        </Button>
      )}
      {creating && (
        <CreateSectorDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onCreated={() => void refresh()}
        />
      )}
      <ConfirmDialog
        title={es.companies.deleteSector}
        {...deleting.dialog(remove, (sector) => ({ companyId, sectorId: sector.id }))}
      >
        <Text size="sm">
          {format(es.companies.deleteSectorQuestion, { name: deleting.item?.name ?? '' })}
        </Text>
      </ConfirmDialog>
    </Panel>
  );
}

/** 'Crear sector' (02 screen 8): 425 px, the name 1–60 characters; server errors by code. */
function CreateSectorDialog({
  companyId,
  onClose,
  onCreated,
}: {
  companyId: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation(
    trpc.company.createSector.mutationOptions({
      onSuccess: () => {
        onCreated();
        onClose();
      },
    }),
  );
  const error = touched ? sectorNameError(name) : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={es.companies.createSector}
      size={SECTOR_DIALOG_WIDTH}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (sectorNameError(name)) return;
          create.mutate({ companyId, name: name.trim() });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={es.companies.sectorName}
            withAsterisk
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (create.isError) create.reset();
            }}
            onBlur={() => setTouched(true)}
            error={error}
            data-autofocus
          />
          {create.isError && (
            <Alert color="red" variant="light" role="alert" title={es.companies.sectorErrorTitle}>
              {userMessageOf(create.error)}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.companies.cancel}
            onCancel={onClose}
            submitLabel={es.fields.create}
            loading={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
