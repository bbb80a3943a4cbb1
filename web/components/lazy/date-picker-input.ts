// Loaded by ../lazy-inputs.tsx (see select.ts for why this is a module of its own).
export { DatePickerInput as default } from '../mantine-dates.ts';
