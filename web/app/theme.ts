import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 9, dark: 9 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  respectReducedMotion: true,
  headings: { fontWeight: '700' },
});

/** Stored under the spec's `theme` key; with nothing stored, the system preference is followed. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

const LIGHT_VARIANT_COLORS = ['teal', 'red', 'blue', 'cyan', 'green', 'grape', 'gray'];

/** Dimmed and light-variant text dark enough for WCAG AA contrast in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6b7178',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.flatMap((color) => [
        [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
      ]),
    ),
    '--mantine-color-yellow-light-color': '#7a4f00',
    '--mantine-color-yellow-light': 'var(--mantine-color-yellow-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});
