import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyPage = ComponentType & {
  /** Fetches the screen's chunk ahead of its first render. */
  preload: () => void;
};

/**
 * A screen in a chunk of its own (React.lazy over a module's named export). Once preloaded it
 * renders at once: React.lazy alone would still suspend on its first render, and React holds a
 * revealed Suspense boundary back for a moment.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage {
  let loading: Promise<Module> | undefined;
  let loaded: ComponentType | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed fetch is tried again next time
        throw error;
      },
    ));
  const Suspending = lazy(async (): Promise<{ default: ComponentType }> => ({
    default: (await loadOnce())[name],
  }));
  const Page = () => {
    // Chosen once per mount: switching from Suspending to the loaded component on a later
    // render would remount the whole screen.
    const [Component] = useState(() => loaded ?? Suspending);
    return createElement(Component);
  };
  return Object.assign(Page, { preload: () => void loadOnce().catch(() => undefined) });
}
