import { lineIcon } from '../../ui/icons';

/**
 * The few line icons only the conversation screen uses, drawn like those of `shell/icons`
 * (Tabler style: 24 px grid, round caps, current colour).
 */
export const ChevronUpIcon = lineIcon(['M6 15l6 -6l6 6']);
export const ChevronDownIcon = lineIcon(['M6 9l6 6l6 -6']);
export const ArrowDownIcon = lineIcon(['M12 5l0 14', 'M18 13l-6 6', 'M6 13l6 6']);
export const SendIcon = lineIcon([
  'M10 14l11 -11',
  'M21 3l-6.5 18a.55 .55 0 0 1 -1 0l-3.5 -7l-7 -3.5a.55 .55 0 0 1 0 -1l18 -6.5',
]);
export const ClockIcon = lineIcon(['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 7v5l3 3']);
export const PlayerSkipForwardIcon = lineIcon(['M4 5v14l12 -7z', 'M20 5l0 14']);
