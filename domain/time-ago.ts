import { formatBusinessDate } from './dates.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago an instant was, as a notification list shows it: "just now", "5 min ago", "3 h ago",
 * "2 days ago", and from a week on the day itself ("13 December 2026", Johannesburg's calendar).
 */
export function timeAgo(instant: string | Date, now: Date = new Date()): string {
  const at = new Date(instant);
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 7 * DAY) {
    const days = Math.floor(elapsed / DAY);
    return days === 1 ? 'yesterday' : `${days} days ago`;
  }
  return formatBusinessDate(at);
}
