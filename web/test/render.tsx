import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { cssVariablesResolver, theme } from '../app/theme.ts';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Mantine screens re-render a lot in jsdom; on a busy machine the default 1 s wait is too tight.
configure({ asyncUtilTimeout: 5000 });

export interface RenderOptions {
  /** The address the memory router starts at, e.g. '/login?returnUrl=%2Fprofile'. */
  path?: string;
  /** The route pattern the component under test is mounted at; '*' (every path) by default. */
  route?: string;
  /** Other routes, e.g. navigation targets; every other path renders a bare landing page. */
  routes?: RouteObject[];
  /** The history state the router starts with, as a link's `state` would set it. */
  state?: unknown;
}

function Landing() {
  return <p data-testid="landing">Landed elsewhere</p>;
}

/**
 * Renders a screen or component inside the app's providers (Mantine with the app theme, React Query
 * with a fresh client and no retries, dates, modals, notifications) and a memory router at `path`.
 * Returns the router so tests can read where the user was sent.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/', route, routes = [], state } = options;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: route ?? path.split('?')[0] ?? '/', element: ui },
      ...routes,
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [state === undefined ? path : { ...parsePath(path), state }] },
  );
  notifications.clean();
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <DatesProvider settings={{ firstDayOfWeek: 0, weekendDays: [0, 6], consistentWeeks: true }}>
          <ModalsProvider>
            <Notifications />
            <RouterProvider router={router} />
          </ModalsProvider>
        </DatesProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/** Where the memory router is now: pathname plus search. */
export const currentUrl = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/** A reply from the fake API: a status (200 by default) and a JSON body. */
export interface ApiReply {
  status?: number;
  body?: unknown;
}

export type ApiHandler = (call: ApiCall) => ApiReply | undefined | Promise<ApiReply | undefined>;

/**
 * Replaces `fetch` (which web/lib/api.ts calls) for one test. The handler answers each call; an
 * unanswered call is a 404. Returns the calls made, in order.
 */
export function mockApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const reply = (await handler(call)) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A promise the test settles by hand, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The button whose visible text is `name` (Mantine wraps the text in spans). */
export const buttonNamed = (name: string | RegExp) => screen.getByRole('button', { name });

/** Whether a button or input is disabled. */
export const isDisabled = (element: HTMLElement) =>
  (element as HTMLButtonElement).disabled || element.getAttribute('data-disabled') === 'true';

/** Text of the toast notifications currently shown. */
export const toastTexts = () =>
  Array.from(document.querySelectorAll('.mantine-Notification-description')).map((node) => node.textContent);
