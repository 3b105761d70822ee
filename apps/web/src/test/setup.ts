import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server.ts';
import { DESKTOP, installMatchMedia, setViewportWidth } from './viewport.ts';

installMatchMedia();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  setViewportWidth(DESKTOP);
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
