import {
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  type Blocker,
  type BlockerFunction,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  NavigationType,
  type Navigator,
  Router,
  type To,
  UNSAFE_DataRouterContext,
  useBlocker as useDataRouterBlocker,
} from 'react-router';

/**
 * The app's browser history, with navigation blocking. The app uses declarative routes (no data
 * router: docs/decisions/011), and React Router's useBlocker exists only in data routers, so this
 * history does what the data router does: a push or replace that a blocker holds waits for
 * proceed(); Back or Forward that it holds is undone (history.go back by the same distance) until
 * proceed() goes again.
 */
// React Router's own browser history (what BrowserRouter uses), exported as UNSAFE_.
const history = createBrowserHistory({ v5Compat: true });

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

interface ActiveBlocker {
  shouldBlock: BlockerFunction;
  show: (blocker: Blocker) => void;
}
let active: ActiveBlocker | null = null;
/** The location the app shows: on Back/Forward the history has already moved when it tells us. */
let shown: Location = history.location;

/** True when a blocker holds the move to `nextLocation`; `proceed` makes the move once allowed. */
function held(nextLocation: Location, historyAction: NavigationType, proceed: () => void): boolean {
  const blocker = active;
  if (!blocker?.shouldBlock({ currentLocation: shown, nextLocation, historyAction })) return false;
  blocker.show({
    state: 'blocked',
    location: nextLocation,
    proceed: () => {
      blocker.show({ state: 'proceeding', location: nextLocation, proceed: undefined, reset: undefined });
      proceed();
      blocker.show(UNBLOCKED);
    },
    reset: () => blocker.show(UNBLOCKED),
  });
  return true;
}

function locationOf(to: To, state: unknown): Location {
  const url = history.createURL(to);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: state ?? null, key: 'next' };
}

/** Loads what a page needs before the app moves to it (AppRouter's `preparePage`). */
let prepare: (pathname: string) => Promise<unknown> = () => Promise.resolve();
let latestMove = 0;

/**
 * Moves once the next page's code is there, as the data router did: the address changes when the
 * page can show, not before (a later move replaces one still waiting).
 */
function whenReady(pathname: string, move: () => void): void {
  const id = ++latestMove;
  void prepare(pathname).then(() => {
    if (id === latestMove) move();
  });
}

function navigateTo(action: NavigationType.Push | NavigationType.Replace, to: To, state: unknown): void {
  const next = locationOf(to, state);
  const move = () =>
    whenReady(next.pathname, () =>
      action === NavigationType.Push ? history.push(to, state) : history.replace(to, state),
    );
  if (!held(next, action, move)) move();
}

const navigator: Navigator = {
  createHref: (to) => history.createHref(to),
  encodeLocation: (to) => history.encodeLocation(to),
  go: (delta) => history.go(delta),
  push: (to, state) => navigateTo(NavigationType.Push, to, state),
  replace: (to, state) => navigateTo(NavigationType.Replace, to, state),
};

/** BrowserRouter on the history above; `preparePage` loads a page's code before the app moves to it. */
export function AppRouter({
  children,
  preparePage,
}: {
  children: ReactNode;
  preparePage?: (pathname: string) => Promise<unknown>;
}) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  if (preparePage) prepare = preparePage;
  useLayoutEffect(() => {
    // After undoing a held Back/Forward, the browser reports that move too: it changes nothing.
    let undoing = false;
    let allowed = false;
    return history.listen(({ action, location, delta }) => {
      if (action === NavigationType.Pop) {
        if (undoing) {
          undoing = false;
          return;
        }
        if (allowed) allowed = false;
        else if (
          delta &&
          held(location, action, () => {
            allowed = true;
            history.go(delta);
          })
        ) {
          undoing = true;
          history.go(-delta);
          return;
        }
      }
      const show = () => {
        shown = location;
        startTransition(() => setState({ action, location }));
      };
      // Back/Forward has moved the address already; the page follows once its code is there.
      if (action === NavigationType.Pop) whenReady(location.pathname, show);
      else show();
    });
  }, []);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}

function useHistoryBlocker(shouldBlock: BlockerFunction): Blocker {
  const [blocker, show] = useState<Blocker>(UNBLOCKED);
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  useEffect(() => {
    const entry: ActiveBlocker = { shouldBlock: (args) => latest.current(args), show };
    active = entry;
    return () => {
      if (active === entry) active = null;
    };
  }, []);
  return blocker;
}

/**
 * React Router's useBlocker, for the app's AppRouter as well as for data routers (the component
 * tests mount screens in a memory data router). A tree is always one or the other, so the same hooks
 * run on every render.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  // biome-ignore lint/correctness/useHookAtTopLevel: the router kind never changes under a component.
  return inDataRouter ? useDataRouterBlocker(shouldBlock) : useHistoryBlocker(shouldBlock);
}
