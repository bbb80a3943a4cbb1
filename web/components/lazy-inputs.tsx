import {
  type AutocompleteProps,
  Input,
  InputBase,
  type InputBaseProps,
  type NumberInputProps,
  type SelectProps,
} from '@mantine/core';
import type { DatePickerInputProps, DatePickerType } from '@mantine/dates';
import {
  type ComponentType,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/**
 * Inputs whose code loads when a screen first shows them: the search screens' selects, number and
 * date inputs bring ~60 kB gzip (Combobox, floating-ui, react-number-format, @mantine/dates) that a
 * page's first load need not carry (docs/decisions/011). They load once the page has painted (or
 * when the user reaches for one); until then a plain input of the same size with the same label,
 * text and error stands in, so nothing moves; if it had the focus, the real input takes it over. Use them as drop-in replacements:
 *   import { LazySelect as Select } from '…/components/lazy-inputs.tsx';
 */

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

// These polymorphic Mantine components type their modules loosely; each cast restores the component's own props.
const loadSelect = (() => import('./lazy/select.ts')) as unknown as Loader<SelectProps>;
const loadAutocomplete = (() => import('./lazy/autocomplete.ts')) as unknown as Loader<AutocompleteProps>;
const loadNumberInput = (() => import('./lazy/number-input.ts')) as unknown as Loader<NumberInputProps>;
const loadDatePickerInput = (() => import('./lazy/date-picker-input.ts')) as unknown as Loader<
  DatePickerInputProps<DatePickerType>
>;

type SharedProps = Pick<
  InputBaseProps,
  | 'label'
  | 'description'
  | 'error'
  | 'size'
  | 'radius'
  | 'disabled'
  | 'required'
  | 'withAsterisk'
  | 'className'
> & { placeholder?: string; style?: InputBaseProps['style'] };

/** Runs `task` once the browser is idle (the page has painted), at the latest after `timeout` ms. */
function whenIdle(task: () => void, timeout = 1500): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

let idleSwaps: Promise<void> = Promise.resolve();

/**
 * Runs `swap` once `loaded` has settled, in an idle period of its own: the inputs of a form take turns,
 * so their mounting does not add up to one long task (several hundred ms on a slow phone).
 */
function swapInTurn(loaded: Promise<unknown>, swap: () => void): void {
  idleSwaps = idleSwaps
    .then(() => loaded.then(noop, noop))
    .then(() => new Promise<void>((done) => whenIdle(() => done())))
    .then(swap);
}

function noop() {}

/**
 * Runs `task` once the pointer or key that the user pressed on the stand-in is released and its
 * click has been dispatched, so that opening the real input does not race a click of its own.
 */
function afterRelease(press: Press, task: () => void): void {
  if (!press) {
    setTimeout(task, 0);
    return;
  }
  const events = press === 'pointer' ? ['pointerup', 'pointercancel'] : ['keyup'];
  const done = () => {
    for (const name of events) document.removeEventListener(name, done, true);
    setTimeout(task, 0);
  };
  for (const name of events) document.addEventListener(name, done, true);
}

type Press = 'pointer' | 'key' | null;

/**
 * Renders `standIn` until the page has painted (or the user reaches for the input), then `real`
 * once its code has loaded, handing the focus over: the inputs' code never delays the first paint.
 * Once idle, the code loads and the input swaps in its turn (swapInTurn), as a transition (rendered
 * in slices between other work). Reaching for an input swaps it at once. With `opens`, a click, tap,
 * Enter or Space on the stand-in is remembered and opens the real input's dropdown (picker, options)
 * when it mounts, however long its code took: a click is never lost (issue 21).
 */
function Deferred<P>({
  load,
  standIn,
  real,
  opens = false,
}: {
  load: Loader<P>;
  standIn: (handlers: StandInHandlers) => ReactNode;
  real: (Real: ComponentType<P>, ref: (node: HTMLElement | null) => void) => ReactNode;
  opens?: boolean;
}) {
  // No React.lazy and Suspense: a suspending swap would replace the stand-in by a fallback copy (a
  // new element) while the code loads, and a click on the stand-in would land on neither.
  const [Real, setReal] = useState<ComponentType<P> | null>(null);
  const wanted = useRef(false);
  const mounted = useRef(true);
  const setWanted = useCallback(() => {
    if (wanted.current) return;
    wanted.current = true;
    load().then((module) => {
      if (mounted.current) setReal(() => module.default);
    }, noop);
  }, [load]);
  const focused = useRef(false);
  /** The user asked the stand-in to open, and whether the pointer or key of that ask is still down. */
  const openAsked = useRef<{ press: Press } | null>(null);
  const standInId = useId();
  useEffect(() => {
    mounted.current = true;
    const cancel = whenIdle(() => {
      const loaded = load();
      swapInTurn(loaded, () => {
        void loaded.then((module) => {
          if (mounted.current && !wanted.current) startTransition(() => setReal(() => module.default));
        }, noop);
      });
    });
    return () => {
      mounted.current = false;
      cancel();
    };
  }, [load]);
  useEffect(() => {
    if (!opens) return;
    // A press anywhere else before the input has loaded means the user moved on: forget the ask.
    const elsewhere = (event: PointerEvent) => {
      const target = event.target;
      const standIn = target instanceof Element ? target.closest('[data-lazy-stand-in]') : null;
      if (standIn?.getAttribute('data-lazy-stand-in') !== standInId) openAsked.current = null;
    };
    const released = () => {
      if (openAsked.current) openAsked.current.press = null;
    };
    document.addEventListener('pointerdown', elsewhere, true);
    document.addEventListener('pointerup', released, true);
    document.addEventListener('keyup', released, true);
    return () => {
      document.removeEventListener('pointerdown', elsewhere, true);
      document.removeEventListener('pointerup', released, true);
      document.removeEventListener('keyup', released, true);
    };
  }, [opens, standInId]);
  const handlers: StandInHandlers = {
    standInId,
    onWant: setWanted,
    onFocusChange: useCallback(
      (value: boolean) => {
        focused.current = value;
        if (value) setWanted();
      },
      [setWanted],
    ),
    onOpen: useCallback(
      (press: Press) => {
        if (!opens) return;
        openAsked.current = { press };
        focused.current = true;
        setWanted();
      },
      [opens, setWanted],
    ),
  };
  const takeOver = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    const ask = openAsked.current;
    if (focused.current || ask) {
      focused.current = false;
      node.focus();
      // Typing goes on where it was: at the end of the text.
      if (node instanceof HTMLInputElement && node.type === 'text') {
        node.setSelectionRange(node.value.length, node.value.length);
      }
    }
    if (ask) {
      openAsked.current = null;
      // Clicking the real input opens its dropdown; unless the user's own click, released on the
      // real input, already did.
      afterRelease(ask.press, () => {
        if (node.isConnected && node.getAttribute('aria-expanded') !== 'true') node.click();
      });
    }
  }, []);
  return Real ? real(Real, takeOver) : standIn(handlers);
}

interface StandInHandlers {
  /** Marks the stand-in (data-lazy-stand-in), to tell a press on it from a press elsewhere. */
  standInId: string;
  /** The user is about to use the input (pointer over or down): load it now. */
  onWant: () => void;
  onFocusChange: (focused: boolean) => void;
  /** The user clicked, tapped or pressed Enter/Space on the stand-in: open the real input's dropdown. */
  onOpen: (press: Press) => void;
}

function StandIn({
  shared,
  text,
  rightSection,
  handlers,
}: {
  shared: SharedProps;
  text: string | null;
  rightSection?: ReactNode;
  handlers: StandInHandlers;
}) {
  const { placeholder, ...rest } = shared;
  return (
    <InputBase
      {...rest}
      component="button"
      type="button"
      pointer
      aria-busy="true"
      rightSection={rightSection}
      rightSectionPointerEvents="none"
      data-lazy-stand-in={handlers.standInId}
      onPointerEnter={handlers.onWant}
      onPointerDown={(event) => {
        handlers.onWant();
        if (event.button === 0) handlers.onOpen('pointer');
      }}
      // A click the pointer handler did not see (Enter on the button, a click from assistive technology).
      onClick={() => handlers.onOpen(null)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') handlers.onOpen('key');
      }}
      onFocus={() => handlers.onFocusChange(true)}
      onBlur={() => handlers.onFocusChange(false)}
    >
      {text ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}

function sharedOf(props: SharedProps): SharedProps {
  const {
    label,
    description,
    error,
    size,
    radius,
    disabled,
    required,
    withAsterisk,
    className,
    placeholder,
    style,
  } = props;
  return {
    label,
    description,
    error,
    size,
    radius,
    disabled,
    required,
    withAsterisk,
    className,
    placeholder,
    style,
  };
}

const chevron = (
  <svg
    width={15}
    height={15}
    viewBox="0 0 15 15"
    aria-hidden="true"
    style={{ color: 'var(--mantine-color-dimmed)' }}
  >
    <path
      d="M4.93 5.43a.45.45 0 0 0 .64.64L7.5 4.14l1.93 1.93a.45.45 0 0 0 .64-.64L7.82 3.18a.45.45 0 0 0-.64 0L4.93 5.43Zm5.14 4.14a.45.45 0 0 0-.64-.64L7.5 10.86 5.57 8.93a.45.45 0 0 0-.64.64l2.25 2.25c.18.18.46.18.64 0l2.25-2.25Z"
      fill="currentColor"
    />
  </svg>
);

type SelectData = SelectProps['data'];

function optionLabel(data: SelectData, value: string | null | undefined): string | null {
  if (value == null) return null;
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('group' in item) {
      const found = optionLabel(item.items as SelectData, value);
      if (found) return found;
    } else if (item.value === value) {
      return item.label;
    }
  }
  return null;
}

export function LazySelect(props: SelectProps) {
  const text = optionLabel(props.data, props.value ?? props.defaultValue);
  return (
    <Deferred
      load={loadSelect}
      opens
      standIn={(handlers) => (
        <StandIn shared={sharedOf(props)} text={text} rightSection={chevron} handlers={handlers} />
      )}
      real={(Real, ref) => <Real {...props} ref={ref as never} />}
    />
  );
}

/**
 * A free-text field with suggestions: until Mantine's Autocomplete has loaded, a plain text input of
 * the same size takes the typing (same value, onChange, blur and key handlers); only the suggestion
 * list waits.
 */
export function LazyAutocomplete(props: AutocompleteProps) {
  const { value, defaultValue, onChange, onBlur, onFocus, onKeyDown, name, autoComplete } = props;
  return (
    <Deferred
      load={loadAutocomplete}
      standIn={(handlers) => (
        <InputBase
          {...sharedOf(props)}
          value={value}
          defaultValue={defaultValue}
          name={name}
          autoComplete={autoComplete}
          onChange={(event) => onChange?.(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onPointerEnter={handlers.onWant}
          onFocus={(event) => {
            handlers.onFocusChange(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            handlers.onFocusChange(false);
            onBlur?.(event);
          }}
        />
      )}
      real={(Real, ref) => <Real {...props} ref={ref as never} />}
    />
  );
}

export function LazyNumberInput(props: NumberInputProps) {
  const value = props.value ?? props.defaultValue;
  const text = value === undefined || value === '' ? null : String(value);
  return (
    <Deferred
      load={loadNumberInput}
      standIn={(handlers) => <StandIn shared={sharedOf(props)} text={text} handlers={handlers} />}
      real={(Real, ref) => <Real {...props} ref={ref as never} />}
    />
  );
}

/** An ISO date (YYYY-MM-DD) in a numeric valueFormat such as DD/MM/YYYY; other formats show it as is. */
function formatDate(value: unknown, valueFormat: string | undefined): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  if (!valueFormat || !/^(DD|MM|YYYY|[/.\s-])+$/.test(valueFormat)) return value;
  const [year = '', month = '', day = ''] = value.split('-');
  return valueFormat.replace('YYYY', year).replace('MM', month).replace('DD', day);
}

function formatDates(value: unknown, valueFormat: string | undefined): string | null {
  if (!Array.isArray(value)) return formatDate(value, valueFormat);
  const [start, end] = value.map((date) => formatDate(date, valueFormat));
  return start ? `${start} – ${end ?? ''}` : null;
}

export function LazyDatePickerInput<Type extends DatePickerType = 'default'>(
  props: DatePickerInputProps<Type>,
) {
  const text = formatDates(props.value ?? props.defaultValue, props.valueFormat);
  return (
    <Deferred
      load={loadDatePickerInput}
      opens
      standIn={(handlers) => <StandIn shared={sharedOf(props)} text={text} handlers={handlers} />}
      real={(Real, ref) => (
        <Real {...(props as unknown as DatePickerInputProps<DatePickerType>)} ref={ref as never} />
      )}
    />
  );
}
