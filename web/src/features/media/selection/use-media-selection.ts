import { useCallback, useMemo, useRef, useState } from 'react';
import type { MediaItem } from '@family/contract';

export type MediaSelection = {
  /** The selected items among those listed, in the list's order. */
  items: MediaItem[];
  isSelected: (id: number) => boolean;
  /**
   * Ticks or unticks one item. With `range` (shift held), every item between the last one ticked and this one
   * takes this one's new state, as in a file manager.
   */
  toggle: (id: number, range: boolean) => void;
  clear: () => void;
};

/** The selection of one media list (docs/product.md "Select many"); ids no longer listed drop out of it. */
export function useMediaSelection(listed: MediaItem[]): MediaSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const anchor = useRef<number | null>(null);

  const toggle = useCallback(
    (id: number, range: boolean) => {
      setSelected((current) => {
        const next = new Set(current);
        const on = !current.has(id);
        const from = range && anchor.current !== null ? listed.findIndex((item) => item.id === anchor.current) : -1;
        const to = listed.findIndex((item) => item.id === id);
        if (from >= 0 && to >= 0) {
          const [start, end] = from < to ? [from, to] : [to, from];
          for (const item of listed.slice(start, end + 1)) {
            if (on) next.add(item.id);
            else next.delete(item.id);
          }
        } else if (on) next.add(id);
        else next.delete(id);
        return next;
      });
      anchor.current = id;
    },
    [listed],
  );

  const clear = useCallback(() => {
    setSelected(new Set());
    anchor.current = null;
  }, []);

  const items = useMemo(() => listed.filter((item) => selected.has(item.id)), [listed, selected]);
  const isSelected = useCallback((id: number) => selected.has(id), [selected]);
  return { items, isSelected, toggle, clear };
}
