import { lazy, useState, type ComponentType } from "react";

/** A screen whose code loads on demand, and can be loaded before it is first drawn. */
export type LazyScreen = ComponentType & { load: () => Promise<unknown> };

/**
 * React.lazy with a `load` to call ahead. A screen whose code has arrived before it is drawn is
 * drawn at once; otherwise it suspends as React.lazy does, and React then holds the spinner at
 * least 300 ms (its reveal throttle) though the code takes about 70 ms (decision 008). Each
 * mounted screen keeps the component it started with, so that arriving code never remounts it.
 */
export function lazyScreen(importScreen: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<unknown> | undefined;
  const Suspending = lazy(importScreen);
  function Screen() {
    const [Shown] = useState(() => loaded ?? Suspending);
    return <Shown />;
  }
  Screen.load = () =>
    (loading ??= importScreen().then((module) => {
      loaded = module.default;
    }));
  return Screen;
}
