import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server.ts';
import { DESKTOP, installMatchMedia, setViewportWidth } from './viewport.ts';

installMatchMedia();
// A first render loads the signed-in area's lazy chunk, which took over 5 s when CI ran the
// database suites beside these on two slow cores: findBy*/waitFor wait up to 15 s instead of 1 s.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  setViewportWidth(DESKTOP);
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
