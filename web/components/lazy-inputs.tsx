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
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
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

const loadSelect = () => import('./lazy/select.ts');
const loadAutocomplete = () => import('./lazy/autocomplete.ts');
const loadNumberInput = () => import('./lazy/number-input.ts');
const loadDatePickerInput = () => import('./lazy/date-picker-input.ts');

// React.lazy types these polymorphic Mantine components loosely; each cast restores the component's own props.
const Select = lazy(loadSelect) as unknown as ComponentType<SelectProps>;
const Autocomplete = lazy(loadAutocomplete) as unknown as ComponentType<AutocompleteProps>;
const NumberInput = lazy(loadNumberInput) as unknown as ComponentType<NumberInputProps>;
const DatePickerInput = lazy(
  loadDatePickerInput,
) as unknown as typeof import('@mantine/dates').DatePickerInput;

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
 * Renders `standIn` until the page has painted (or the user reaches for the input), then `real`
 * once its code has loaded, handing the focus over: the inputs' code never delays the first paint.
 * Once idle, the code loads and the input swaps in its turn (swapInTurn), as a transition (rendered
 * in slices between other work). Reaching for an input swaps it at once.
 */
function Deferred({
  load,
  standIn,
  real,
}: {
  load: () => Promise<unknown>;
  standIn: (handlers: StandInHandlers) => ReactNode;
  real: (ref: (node: HTMLElement | null) => void) => ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const focused = useRef(false);
  useEffect(() => {
    let active = true;
    const cancel = whenIdle(() =>
      swapInTurn(load(), () => {
        if (active) startTransition(() => setWanted(true));
      }),
    );
    return () => {
      active = false;
      cancel();
    };
  }, [load]);
  const handlers: StandInHandlers = {
    onWant: useCallback(() => setWanted(true), []),
    onFocusChange: useCallback((value: boolean) => {
      focused.current = value;
      if (value) setWanted(true);
    }, []),
  };
  const takeFocus = useCallback((node: HTMLElement | null) => {
    if (node && focused.current) {
      focused.current = false;
      node.focus();
      // Typing goes on where it was: at the end of the text.
      if (node instanceof HTMLInputElement && node.type === 'text') {
        node.setSelectionRange(node.value.length, node.value.length);
      }
    }
  }, []);
  if (!wanted) return standIn(handlers);
  return <Suspense fallback={standIn(handlers)}>{real(takeFocus)}</Suspense>;
}

interface StandInHandlers {
  /** The user is about to use the input (pointer over or down): load it now. */
  onWant: () => void;
  onFocusChange: (focused: boolean) => void;
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
      onPointerEnter={handlers.onWant}
      onPointerDown={handlers.onWant}
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
      standIn={(handlers) => (
        <StandIn shared={sharedOf(props)} text={text} rightSection={chevron} handlers={handlers} />
      )}
      real={(ref) => <Select {...props} ref={ref as never} />}
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
      real={(ref) => <Autocomplete {...props} ref={ref as never} />}
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
      real={(ref) => <NumberInput {...props} ref={ref as never} />}
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
      standIn={(handlers) => <StandIn shared={sharedOf(props)} text={text} handlers={handlers} />}
      real={(ref) => <DatePickerInput {...props} ref={ref as never} />}
    />
  );
}
