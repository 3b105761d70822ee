import { useState } from 'react';

export type DrawerState = { open: boolean; rail: boolean; toggle: () => void; close: () => void };

/**
 * docs/produto.md §2: open on desktop and closed on mobile when the user becomes authenticated (the shell only
 * mounts then); switching to mobile closes it and clears the rail; switching to desktop opens it.
 * On desktop the drawer is permanent and the toggle collapses it to a rail; on mobile it opens and closes.
 */
export const useDrawerState = (isDesktop: boolean): DrawerState => {
  const [open, setOpen] = useState(isDesktop);
  const [rail, setRail] = useState(false);
  const [wasDesktop, setWasDesktop] = useState(isDesktop);

  // Adjusted during render, not in an effect: the temporary drawer must never mount open for a frame.
  if (wasDesktop !== isDesktop) {
    setWasDesktop(isDesktop);
    setOpen(isDesktop);
    if (!isDesktop) setRail(false);
  }

  return {
    open,
    rail: isDesktop && rail,
    toggle: () => (isDesktop ? setRail((r) => !r) : setOpen((o) => !o)),
    close: () => setOpen(isDesktop),
  };
};
