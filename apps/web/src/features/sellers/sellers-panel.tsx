import { useState } from 'react';
import { NavLink, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { FolderIcon, SearchIcon, UserIcon, UsersIcon } from '../../ui/icons';
import {
  filterTree,
  hasSellers,
  type GroupNode,
  type Seller,
  type SellersPanelData,
} from './sellers-tree';
import classes from './sellers-panel.module.css';

const EXACT_SEARCH = { exact: true, includeSearch: true } as const;

/** What the home page shows: everybody, one group (or the company) or one seller. */
export interface SellersSelection {
  viewUser?: string;
  viewGroup?: string;
}

/**
 * 'Vendedores' (02 screen 9): search, 'Todos (n)', 'Toda la empresa (n)' for those who see the
 * whole company, and the nested groups, each with 'Todo el grupo (n)' and its sellers. A choice
 * is a link that sets view-user or view-group on the home page's address.
 */
export function SellersPanel({
  data,
  selection,
}: {
  data: SellersPanelData;
  selection: SellersSelection;
}) {
  const [search, setSearch] = useState('');
  const searching = search.trim().length > 0;
  const tree = filterTree(data.root, search);
  const nothing = !hasSellers(data.root);
  const noMatches = searching && !hasSellers(tree);
  const noSelection = !selection.viewUser && !selection.viewGroup;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      id="vendedores"
      aria-labelledby="sellers-panel-title"
      className={classes.panel}
    >
      <Stack gap="sm" h="100%">
        <Title order={2} fz="md" id="sellers-panel-title" px={4}>
          {es.sellers.title}
        </Title>
        <TextInput
          aria-label={es.sellers.search}
          placeholder={es.sellers.searchPlaceholder}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          size="sm"
        />
        <ScrollArea.Autosize mah="calc(100dvh - 190px)" type="auto" offsetScrollbars>
          <Stack gap={2} component="nav" aria-label={es.sellers.title}>
            <Choice
              label={format(es.sellers.all, { n: data.total })}
              icon={<UsersIcon size={18} />}
              active={noSelection}
              search={{}}
            />
            {data.companyTotal !== null && (
              <Choice
                label={format(es.sellers.company, { n: data.companyTotal })}
                icon={<FolderIcon size={18} />}
                active={selection.viewGroup === data.root.id}
                search={{ 'view-group': data.root.id }}
              />
            )}
            {nothing ? (
              <Text size="sm" c="dimmed" px="xs" py="md">
                {es.sellers.empty}
              </Text>
            ) : noMatches ? (
              <Text size="sm" c="dimmed" px="xs" py="md">
                {es.sellers.noMatches}
              </Text>
            ) : (
              <GroupContents node={tree} selection={selection} searching={searching} />
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}

/** A group's own sellers, then its subgroups. */
function GroupContents({
  node,
  selection,
  searching,
}: {
  node: GroupNode;
  selection: SellersSelection;
  searching: boolean;
}) {
  return (
    <>
      {node.sellers.map((seller) => (
        <SellerChoice key={seller.id} seller={seller} active={selection.viewUser === seller.id} />
      ))}
      {node.children.map((child) => (
        <GroupChoice key={child.id} node={child} selection={selection} searching={searching} />
      ))}
    </>
  );
}

function GroupChoice({
  node,
  selection,
  searching,
}: {
  node: GroupNode;
  selection: SellersSelection;
  searching: boolean;
}) {
  const [opened, setOpened] = useState(true);
  return (
    <NavLink
      label={node.name}
      leftSection={<FolderIcon size={18} />}
      opened={searching || opened}
      onChange={setOpened}
      childrenOffset={14}
      classNames={{ root: classes.choice, label: classes.groupLabel }}
      component="button"
      type="button"
    >
      <Choice
        label={format(es.sellers.wholeGroup, { n: node.count })}
        icon={<UsersIcon size={16} />}
        active={selection.viewGroup === node.id}
        search={{ 'view-group': node.id }}
      />
      <GroupContents node={node} selection={selection} searching={searching} />
    </NavLink>
  );
}

function SellerChoice({ seller, active }: { seller: Seller; active: boolean }) {
  return (
    <Choice
      label={`${seller.name} ${seller.lastname}`.trim()}
      description={seller.email}
      icon={<UserIcon size={16} />}
      active={active}
      search={{ 'view-user': seller.id }}
    />
  );
}

function Choice({
  label,
  description,
  icon,
  active,
  search,
}: {
  label: string;
  description?: string;
  icon: React.ReactNode;
  active: boolean;
  search: { 'view-user'?: string; 'view-group'?: string };
}) {
  return (
    <NavLink
      label={label}
      description={description}
      leftSection={icon}
      active={active}
      classNames={{ root: classes.choice, description: classes.description }}
      renderRoot={(props) => (
        // Only the exact choice counts as the current page, not every address below '/'.
        <Link to="/" search={search} activeOptions={EXACT_SEARCH} {...props} />
      )}
    />
  );
}
