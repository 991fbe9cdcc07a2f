import { Suspense, lazy, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/** A screen loaded on first use (its own chunk), shown with react-admin's loader meanwhile. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Screen = lazy(load);
  function LazyScreen(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}
