import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';

/**
 * The tabs of an area whose tabs are routes ('Aprender', 'Mi Empresa'): the tab of the current
 * path is selected (the first when none is), and choosing one navigates to it.
 */
export function RouteTabs({ tabs }: { tabs: readonly { path: string; label: string }[] }) {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = tabs.find((tab) => tab.path === pathname)?.path ?? tabs[0]?.path;
  return (
    <Tabs value={current} onChange={(value) => value && void navigate({ to: value })}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
