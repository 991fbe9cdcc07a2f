/** jsdom gaps the UI code relies on: TextEncoder (react-router), matchMedia (MUI), scrollTo. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  window.scrollTo = () => {};
}

// @mui/x-charts (the console's charts) clones its state with structuredClone, which jsdom's window lacks; Node's v8 serializer clones the same values.
if (typeof globalThis.structuredClone !== 'function') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only where jsdom lacks it
  const v8 = require('node:v8') as typeof import('node:v8');
  globalThis.structuredClone = ((value: unknown) => v8.deserialize(v8.serialize(value))) as typeof structuredClone;
}
