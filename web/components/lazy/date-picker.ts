// Loaded by features/reservations/components/stay-calendar.tsx (see select.ts for why this is a module of its own).
export { DatePicker as default } from '../mantine-dates.ts';
