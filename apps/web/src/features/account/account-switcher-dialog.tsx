import { useState } from 'react';
import {
  Alert,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  type OptionsFilter,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { groupMatches } from '@cartera/domain/admin';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { SearchIcon } from '../../ui/icons';
import type { Me } from '../auth/session';
import { AccountRow, EmptyList } from './account-row';
import { useApplySwitch, useSwitchedMessage } from './use-account-switch';
import { QueryError } from '../../ui/query-error';

type AccountUsers = RouterOutputs['account']['users'];
type AccountUser = AccountUsers['sellers'][number];

/** 01 §2 Dialogs: the account list groups users in this order. */
const SECTIONS = [
  { key: 'projectManagers', label: es.accountSwitcher.sections.projectManagers },
  { key: 'comercial', label: es.accountSwitcher.sections.comercial },
  { key: 'supervisors', label: es.accountSwitcher.sections.supervisors },
  { key: 'sellers', label: es.accountSwitcher.sections.sellers },
] as const;

/** 01 §9 */
const SEARCH_DEBOUNCE_MS = 500;
const ACCOUNT_LIST_MAX_HEIGHT = 200;
const USERS_LIST_MAX_HEIGHT = 400;

/**
 * The administrator's account switcher: users of the own company or of another one, searched on
 * the server (name, last name, e-mail), grouped by role. Choosing one uses that account.
 */
export function AccountSwitcherDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const trpc = useTRPC();
  const [scope, setScope] = useState<'current' | 'other'>('current');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const tenantId = scope === 'other' ? companyId : undefined;
  const waitingForCompany = scope === 'other' && !companyId;

  const companies = useQuery({
    ...trpc.account.companies.queryOptions(),
    enabled: scope === 'other',
  });
  const users = useQuery({
    ...trpc.account.users.queryOptions({
      tenantId: tenantId ?? undefined,
      search: debouncedSearch || undefined,
    }),
    enabled: !waitingForCompany,
    placeholderData: keepPreviousData,
  });

  const apply = useApplySwitch();
  const switchedMessage = useSwitchedMessage();
  const switchTo = useMutation(trpc.account.switchTo.mutationOptions());

  function choose(user: AccountUser) {
    switchTo.mutate(
      { tenantId: user.tenantId, userId: user.id },
      {
        onSuccess: (next) => {
          onClose();
          void apply(next, switchedMessage(next));
        },
      },
    );
  }

  const otherCompanies = (companies.data ?? []).filter((company) => company.id !== me.tenant.id);
  const companyOptions = otherCompanies.map((company) => ({
    value: company.id,
    label: company.name,
  }));
  // 01 §5: a company is found by its name, its id or its country's name, as on /grupos.
  const findCompany: OptionsFilter = ({ options, search }) =>
    options.filter((option) => {
      const company = otherCompanies.find((each) => 'value' in option && each.id === option.value);
      return company !== undefined && groupMatches(company, search);
    });

  return (
    <Modal opened onClose={onClose} title={es.accountSwitcher.title} size="lg" centered>
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={scope}
          onChange={(value) => setScope(value as 'current' | 'other')}
          data={[
            { value: 'current', label: es.accountSwitcher.currentCompany },
            { value: 'other', label: es.accountSwitcher.otherCompany },
          ]}
        />
        {scope === 'other' && (
          <Select
            label={es.accountSwitcher.company}
            placeholder={es.accountSwitcher.companyPlaceholder}
            nothingFoundMessage={es.accountSwitcher.companyNothingFound}
            data={companyOptions}
            value={companyId}
            onChange={setCompanyId}
            searchable
            filter={findCompany}
            maxDropdownHeight={ACCOUNT_LIST_MAX_HEIGHT}
            disabled={companies.isPending}
            error={companies.isError ? userMessageOf(companies.error) : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput
          label={es.accountSwitcher.search}
          placeholder={es.accountSwitcher.searchPlaceholder}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {switchTo.isError && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(switchTo.error)}
          </Alert>
        )}
        {waitingForCompany ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {es.accountSwitcher.chooseCompany}
          </Text>
        ) : users.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={es.app.loading}>
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} height={44} radius="md" />
            ))}
          </Stack>
        ) : users.isError ? (
          <QueryError query={users} />
        ) : (
          <UsersList
            data={users.data}
            busyUserId={switchTo.isPending ? switchTo.variables?.userId : undefined}
            stale={users.isPlaceholderData}
            onChoose={choose}
          />
        )}
      </Stack>
    </Modal>
  );
}

function UsersList({
  data,
  busyUserId,
  stale,
  onChoose,
}: {
  data: AccountUsers;
  busyUserId: string | undefined;
  stale: boolean;
  onChoose: (user: AccountUser) => void;
}) {
  const sections = SECTIONS.map((section) => ({ ...section, users: data[section.key] })).filter(
    (section) => section.users.length > 0,
  );
  if (sections.length === 0) return <EmptyList>{es.accountSwitcher.empty}</EmptyList>;
  return (
    <ScrollArea.Autosize
      mah={USERS_LIST_MAX_HEIGHT}
      type="auto"
      offsetScrollbars
      style={{ opacity: stale ? 0.6 : 1 }}
    >
      <Stack gap="md">
        {sections.map((section) => (
          <section key={section.key} aria-label={section.label}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4} mb={4} component="h3">
              {section.label}
            </Text>
            <Stack gap={2}>
              {section.users.map((user) => (
                <AccountRow
                  key={user.id}
                  user={user}
                  busy={busyUserId === user.id}
                  disabled={busyUserId !== undefined}
                  onClick={() => onChoose(user)}
                />
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
