const LAST_ROUTE_KEY = 'lastRoute';

export function readLastRoute(): string | null {
  try {
    return localStorage.getItem(LAST_ROUTE_KEY);
  } catch {
    return null;
  }
}

export function saveLastRoute(route: string): void {
  try {
    localStorage.setItem(LAST_ROUTE_KEY, route);
  } catch {
    // Storage can be unavailable (private mode); remembering the route is a convenience only.
  }
}

export function clearLastRoute(): void {
  try {
    localStorage.removeItem(LAST_ROUTE_KEY);
  } catch {
    // See saveLastRoute.
  }
}
