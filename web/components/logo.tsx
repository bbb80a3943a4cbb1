import { useComputedColorScheme } from '@mantine/core';

/** The Rentza wordmark, in a light-background or dark-background variant. */
export function Logo({ height = 32 }: { height?: number }) {
  const scheme = useComputedColorScheme('light');
  const text = scheme === 'dark' ? '#f1f3f5' : '#0b3d47';
  const mark = scheme === 'dark' ? '#22b8cf' : '#0c8599';
  return (
    <svg height={height} viewBox="0 0 150 40" role="img" aria-label="Rentza" data-variant={scheme}>
      <rect x="0" y="2" width="36" height="36" rx="9" fill={mark} />
      <path
        d="M11 30V10h8.5c4.3 0 7 2.4 7 6 0 3-1.8 5-4.3 5.6L28 30h-5.3l-5-7.4h-2.2V30zm4.5-11h3.7c1.8 0 3-1 3-2.5s-1.2-2.5-3-2.5h-3.7z"
        fill="#fff"
      />
      <text
        x="44"
        y="29"
        fontFamily="Inter, system-ui, sans-serif"
        fontSize="24"
        fontWeight="700"
        fill={text}
      >
        Rentza
      </text>
    </svg>
  );
}
