import {
  Anchor,
  type AutocompleteProps,
  type CSSVariablesResolver,
  createTheme,
  type DrawerProps,
  darken,
  localStorageColorSchemeManager,
  type MantineThemeColors,
  type MenuProps,
  type ModalProps,
  type PopoverProps,
  type SelectProps,
} from '@mantine/core';
import type { CalendarAriaLabels } from '@mantine/dates';

const COMBOBOX_LIST_STYLE = { maxHeight: 260, overflowY: 'auto' } as const;

/**
 * Every date picker's header buttons are icons: they need names on each level (axe button-name).
 * Mantine labels its month/year/decade controls from `ariaLabels` (`nextLabel`/`previousLabel` are
 * only the fallback). The level button between them keeps its visible text (e.g. "November 2026") as
 * its name: another label would not contain it (axe label-content-name-mismatch).
 */
const PICKER_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
} satisfies CalendarAriaLabels;

const CALENDAR_DEFAULTS = {
  defaultProps: { ariaLabels: PICKER_ARIA_LABELS, previousLabel: 'Previous', nextLabel: 'Next' },
};

/**
 * A picker input's popover is a dialog labelled by its target's id, which the input replaces with its
 * own: the dialog had no name (axe aria-dialog-name). It gets one here; a screen that passes its own
 * `popoverProps` keeps the name by spreading DATE_POPOVER_PROPS into them.
 */
export const DATE_POPOVER_PROPS = {
  attributes: { dropdown: { 'aria-label': 'Choose a date' } },
} satisfies PopoverProps;

const PICKER_INPUT_DEFAULTS = {
  defaultProps: { ...CALENDAR_DEFAULTS.defaultProps, popoverProps: DATE_POPOVER_PROPS },
};

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 9, dark: 9 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  respectReducedMotion: true,
  headings: { fontWeight: '700' },
  components: {
    // Links inside sentences must not rely on colour alone (axe link-in-text-block, both schemes).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Mantine's focus placeholder is a tabbable child of role="menu" (axe aria-required-children);
    // without it, opening a menu focuses its first item, as the ARIA menu pattern describes.
    // Menu, Modal and Drawer as plain objects, not Component.extend(): importing the components here
    // would put them in every page's first load; their code loads with the screens that use them
    // (docs/decisions/011).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // A dialog's <header> would be a second banner landmark beside the page's (axe), and its close
    // button is an icon that needs a name.
    Modal: {
      defaultProps: {
        attributes: { header: { role: 'none' } },
        closeButtonProps: { 'aria-label': 'Close' },
      } satisfies Partial<ModalProps>,
    },
    // A select's list scrolls on the listbox itself, not on a ScrollArea viewport inside it: axe
    // (scrollable-region-focusable) accepts a scrolling combobox popup, whose options are reached
    // with the arrow keys, but not an unnamed scrolling div with nothing focusable in it.
    Select: {
      defaultProps: { withScrollArea: false } satisfies Partial<SelectProps>,
      styles: { options: COMBOBOX_LIST_STYLE },
    },
    Autocomplete: {
      defaultProps: { withScrollArea: false } satisfies Partial<AutocompleteProps>,
      styles: { options: COMBOBOX_LIST_STYLE },
    },
    Drawer: {
      defaultProps: {
        attributes: { header: { role: 'none' } },
        closeButtonProps: { 'aria-label': 'Close' },
      } satisfies Partial<DrawerProps>,
    },
    // Date pickers (plain objects too: @mantine/dates loads with the screens that show a picker).
    Calendar: CALENDAR_DEFAULTS,
    DatePicker: CALENDAR_DEFAULTS,
    MonthPicker: CALENDAR_DEFAULTS,
    YearPicker: CALENDAR_DEFAULTS,
    DatePickerInput: PICKER_INPUT_DEFAULTS,
    DateInput: PICKER_INPUT_DEFAULTS,
    DateTimePicker: PICKER_INPUT_DEFAULTS,
    MonthPickerInput: PICKER_INPUT_DEFAULTS,
    YearPickerInput: PICKER_INPUT_DEFAULTS,
  },
});

/** Stored under the spec's `theme` key; with nothing stored, the system preference is followed. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

/**
 * With shade 9 as the filled shade, Mantine hovers to the lighter shade 8, where white text falls under
 * 4.5:1 (cyan, red, teal…; a mouse resting on a button after navigation made axe report it). Filled
 * buttons hover to a darker 9 instead, in both schemes.
 */
const darkerFilledHover = (colors: MantineThemeColors) =>
  Object.fromEntries(
    Object.entries(colors).map(([name, shades]) => [
      `--mantine-color-${name}-filled-hover`,
      darken(shades[9], 0.2),
    ]),
  );

const LIGHT_VARIANT_COLORS = ['teal', 'red', 'blue', 'cyan', 'green', 'grape', 'gray'];

/** Dimmed and light-variant text dark enough for WCAG AA contrast in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6b7178',
    // Error text and borders: red 9 is 5.8:1 on white (Mantine's red 6, #fa5252, is 3.3:1).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.flatMap((color) => [
        [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
      ]),
    ),
    // Mantine's green 9 (#2b8a3e) is 4.1:1 on green 0; this green is 6.1:1 (a bulk result's title).
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-yellow-light-color': '#7a4f00',
    '--mantine-color-yellow-light': 'var(--mantine-color-yellow-0)',
    ...darkerFilledHover(mantineTheme.colors),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Red 4 is 6.7:1 on the dark body; Mantine's red 8 is under 3:1 there.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // 5.4:1 on the dark input background (#2e2e2e); Mantine's dark 2 is 3.5:1.
    '--mantine-color-placeholder': '#a3a3a3',
    ...darkerFilledHover(mantineTheme.colors),
  },
});
