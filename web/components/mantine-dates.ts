// @mantine/dates' pickers with their styles: the styles load with the screens that show a picker
// (their chunks), not as render-blocking CSS on every page (docs/decisions/011). Import the pickers
// from here, not from '@mantine/dates'.
import '@mantine/dates/styles.css';

export { DatePicker, DatePickerInput } from '@mantine/dates';
