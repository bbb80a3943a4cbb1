import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks the layout APIs Mantine touches; these stubs are enough for components to render.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!window.ResizeObserver) window.ResizeObserver = ResizeObserverStub;

if (!window.HTMLElement.prototype.scrollIntoView) window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
});

// The "web" project keeps one jsdom per worker from file to file (vitest.config.ts): this file runs
// before each test file, so each starts from an empty page, storage and address, real timers and no
// stubs, whatever the file before it left.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
window.localStorage.clear();
window.sessionStorage.clear();
document.body.replaceChildren();
window.history.replaceState(null, '', '/');

// Component tests render Mantine's inputs, drawers and the search filters directly; the lazy
// wrappers the app uses for its first load (docs/decisions/011) are tested on their own
// (web/components/lazy-inputs.test.tsx).
vi.mock('../components/lazy-inputs.tsx', async () => {
  const core = await import('@mantine/core');
  const dates = await import('@mantine/dates');
  return {
    LazyAutocomplete: core.Autocomplete,
    LazyNumberInput: core.NumberInput,
    LazySelect: core.Select,
    LazyDatePickerInput: dates.DatePickerInput,
  };
});
vi.mock('../components/lazy-drawer.tsx', async () => ({
  LazyDrawer: (await import('@mantine/core')).Drawer,
}));
vi.mock('../features/properties/components/lazy-search-filters.tsx', async () => ({
  LazySearchFilters: (await import('../features/properties/components/search-filters.tsx')).SearchFilters,
}));
