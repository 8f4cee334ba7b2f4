/**
 * Mantine's date inputs, with their styles: the styles arrive with the first screen that draws
 * one instead of with the login page (issue #35 item 2). Screens import date inputs from here.
 */
import '@mantine/dates/styles.layer.css';

export { DatePickerInput, DateTimePicker } from '@mantine/dates';
