import { useEffect, useState } from 'react';
import { RESEND_COOLDOWN_SECONDS } from '../../../domain/account-rules.ts';

/** The 60-second cool-down after an account email is sent: seconds left, and a way to start it. */
export function useCooldown(seconds = RESEND_COOLDOWN_SECONDS) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return {
    remaining,
    active: remaining > 0,
    start: () => {
      setNow(Date.now());
      setUntil(Date.now() + seconds * 1000);
    },
  };
}
