import { useSyncExternalStore } from 'react';

/**
 * Whether the softphone (the provider's web phone, 01 §2 user menu) is open in this tab: one
 * value shared by the user menu's entry, the incoming-call widget and the frame.
 */
let open = false;
const listeners = new Set<() => void>();

export function setSoftphoneOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function useSoftphoneOpen(): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    () => open,
  );
  return [value, setSoftphoneOpen];
}
