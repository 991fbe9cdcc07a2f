import { Suspense, lazy, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/** A screen loaded on first use (its own chunk); `preload()` starts fetching it before it renders. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** A screen loaded on first use (its own chunk), shown with react-admin's loader meanwhile. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () => (loading ??= load());
  const Screen = lazy(once);
  function LazyScreen(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyScreen, { preload: once });
}
