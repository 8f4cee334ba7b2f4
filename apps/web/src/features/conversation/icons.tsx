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
/** 03 §4 Delivery icons: two ticks for received and read (one, `CheckIcon`, for sent). */
export const DotsIcon = lineIcon([
  'M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
]);
export const ChecksIcon = lineIcon(['M7 12l5 5l10 -10', 'M2 12l5 5m5 -5l5 -5']);
export const PaperclipIcon = lineIcon([
  'M15 7l-6.5 6.5a1.5 1.5 0 0 0 3 3l6.5 -6.5a3 3 0 0 0 -6 -6l-6.5 6.5a4.5 4.5 0 0 0 9 9l6.5 -6.5',
]);
export const PhotoIcon = lineIcon([
  'M15 8h.01',
  'M3 6a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v12a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3v-12z',
  'M3 16l5 -5c.928 -.893 2.072 -.893 3 0l5 5',
  'M14 14l1 -1c.928 -.893 2.072 -.893 3 0l3 3',
]);
export const MicrophoneIcon = lineIcon([
  'M9 2m0 3a3 3 0 0 1 3 -3h0a3 3 0 0 1 3 3v5a3 3 0 0 1 -3 3h0a3 3 0 0 1 -3 -3z',
  'M5 10a7 7 0 0 0 14 0',
  'M8 21l8 0',
  'M12 17l0 4',
]);
export const StopIcon = lineIcon([
  'M5 5m0 2a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2z',
]);
