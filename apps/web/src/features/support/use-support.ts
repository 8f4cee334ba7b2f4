import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Where the user's choice to hide the support entry is kept (this browser, every account). */
const HIDDEN_KEY = 'cartera.support.hidden';

/**
 * 01 §2 'Support' (issue #44 item 4): the installation's support link (SUPPORT_URL, read from
 * `system.info`; none, no entry) and whether the user hid its entry from the side menu (the user
 * menu's 'Ocultar soporte' / 'Mostrar soporte').
 */
export function useSupport() {
  const trpc = useTRPC();
  const info = useQuery({ ...trpc.system.info.queryOptions(), staleTime: Infinity });
  const [hidden, setHidden] = useLocalStorage<boolean>({
    key: HIDDEN_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  return { url: info.data?.supportUrl ?? null, hidden, setHidden };
}
