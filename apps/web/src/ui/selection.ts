import { useState } from 'react';

/*
 * Rows chosen with their checkboxes (a list's selection bar, a table's select column).
 */

/** The chosen ids after one row's checkbox changed. */
export function toggled(selected: ReadonlySet<string>, id: string, on: boolean) {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The rows chosen with their checkboxes, among those loaded so far. */
export function useSelection<T extends { id: string }>(items: readonly T[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = items.filter((item) => selected.has(item.id));
  return {
    chosen,
    allChosen: items.length > 0 && chosen.length === items.length,
    none: items.length === 0,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string, on: boolean) => setSelected(toggled(selected, id, on)),
    /** Every loaded row, or none. */
    setAll: (on: boolean) => setSelected(on ? new Set(items.map((item) => item.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;
