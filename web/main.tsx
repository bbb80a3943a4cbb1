import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { onlineManager } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';

// A chunk of an earlier release is gone after a deploy: reload once to get the current page.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('rentza-reloaded-at') ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem('rentza-reloaded-at', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
void preloadRoute(window.location.pathname).then(() => {
  // Paint first, then fetch: the queries of the first render wait (paused, as if offline) until the
  // page has painted, so their requests and response schemas do not compete with the first paint.
  // A route's own prefetch (started by preloadRoute) is already under way.
  onlineManager.setOnline(false);
  const reactRoot = createRoot(root);
  // As a transition, React renders the first page in slices of a few ms (a plain render is one task
  // of ~150 ms on a slow phone, counted whole as blocking time); nothing is on screen before it anyway.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
        <FetchAfterFirstPaint />
      </StrictMode>,
    ),
  );
});

function FetchAfterFirstPaint() {
  useEffect(() => {
    // Effects run once the first render is committed; the frame after it has been painted.
    const frame = requestAnimationFrame(() => setTimeout(() => onlineManager.setOnline(navigator.onLine), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}
