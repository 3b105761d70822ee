// jsdom has no layout and no matchMedia: this one answers min/max-width queries against a width the
// test sets, and notifies listeners when it changes (what useMediaQuery subscribes to).
type Listener = (event: { matches: boolean; media: string }) => void;
const queries = new Map<string, { listeners: Set<Listener>; matches: boolean }>();
let width = 1440;

const evaluate = (media: string) => {
  const min = /min-width:\s*([\d.]+)px/.exec(media);
  const max = /max-width:\s*([\d.]+)px/.exec(media);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
};

export const installMatchMedia = () => {
  window.matchMedia = (media: string) => {
    const entry = queries.get(media) ?? { listeners: new Set<Listener>(), matches: evaluate(media) };
    queries.set(media, entry);
    return {
      media,
      get matches() {
        return evaluate(media);
      },
      onchange: null,
      addEventListener: (_: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
};

/** Sets the viewport width and fires the change events of the queries whose answer changed. */
export const setViewportWidth = (next: number) => {
  width = next;
  for (const [media, entry] of queries) {
    const matches = evaluate(media);
    if (matches === entry.matches) continue;
    entry.matches = matches;
    for (const listener of entry.listeners) listener({ matches, media });
  }
};

export const DESKTOP = 1440;
export const MOBILE = 390;
