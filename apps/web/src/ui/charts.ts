/**
 * Mantine's charts, with their styles: the styles arrive with the first screen that draws one
 * instead of with the login page (issue #35 item 2). Screens import charts from here.
 */
import '@mantine/charts/styles.layer.css';

export { BarChart, DonutChart, LineChart } from '@mantine/charts';
