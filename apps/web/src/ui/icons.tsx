import type { SVGProps } from 'react';
import type { CompanyPanelIcon } from '@cartera/domain/companies';

/**
 * Line icons drawn in the style of Tabler Icons (MIT): a 24 px grid, round caps, current colour.
 * Kept here instead of an icon package: the app needs a few dozen.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'stroke'> {
  size?: number;
  stroke?: number;
}

/** A line icon component from its SVG paths (features with icons of their own use it too). */
export function lineIcon(paths: readonly string[]) {
  return function Icon({ size = 20, stroke = 1.8, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

const icon = lineIcon;

const CIRCLE = 'M12 12m-9 0a9 9 0 1 0 18 0a9 9 0 1 0 -18 0';
const FILE = [
  'M14 3v4a1 1 0 0 0 1 1h4',
  'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z',
];

export const ChartBarIcon = icon([
  'M3 13a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z',
  'M15 9a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z',
  'M9 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z',
  'M4 20h14',
]);
export const ReportIcon = icon([...FILE, 'M9 17l0 -5', 'M12 17l0 -1', 'M15 17l0 -3']);
export const UsersIcon = icon([
  'M9 7m-4 0a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
  'M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2',
  'M16 3.13a4 4 0 0 1 0 7.75',
  'M21 21v-2a4 4 0 0 0 -3 -3.85',
]);
export const CartIcon = icon([
  'M6 19m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M17 19m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M17 17h-11v-14h-2',
  'M6 5l14 1l-1 7h-13',
]);
export const ShareIcon = icon([
  'M6 12m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0',
  'M18 6m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0',
  'M18 18m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0',
  'M8.7 10.7l6.6 -3.4',
  'M8.7 13.3l6.6 3.4',
]);
export const FilePlusIcon = icon([...FILE, 'M12 11l0 6', 'M9 14l6 0']);
export const ClipboardIcon = icon([
  'M9 5h-2a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-12a2 2 0 0 0 -2 -2h-2',
  'M9 3m0 2a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v0a2 2 0 0 1 -2 2h-2a2 2 0 0 1 -2 -2z',
  'M9 12l.01 0',
  'M13 12l2 0',
  'M9 16l.01 0',
  'M13 16l2 0',
]);
export const TargetIcon = icon([
  'M12 12m-1 0a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M12 12m-5 0a5 5 0 1 0 10 0a5 5 0 1 0 -10 0',
  CIRCLE,
]);
export const SpeakerphoneIcon = icon([
  'M18 8a3 3 0 0 1 0 6',
  'M10 8v11a1 1 0 0 1 -1 1h-1a1 1 0 0 1 -1 -1v-5',
  'M12 8h0l4.524 -3.77a.9 .9 0 0 1 1.476 .692v12.156a.9 .9 0 0 1 -1.476 .692l-4.524 -3.77h-8a1 1 0 0 1 -1 -1v-4a1 1 0 0 1 1 -1h8',
]);
export const InboxIcon = icon([
  'M4 4m0 2a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z',
  'M4 13h3l3 3h4l3 -3h3',
]);
export const MessagesIcon = icon([
  'M21 14l-3 -3h-7a1 1 0 0 1 -1 -1v-6a1 1 0 0 1 1 -1h9a1 1 0 0 1 1 1v10',
  'M14 15v2a1 1 0 0 1 -1 1h-7l-3 3v-10a1 1 0 0 1 1 -1h2',
]);
export const AddressBookIcon = icon([
  'M20 6v12a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2z',
  'M10 16h6',
  'M13 11m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M4 8h3',
  'M4 12h3',
  'M4 16h3',
]);
export const BuildingIcon = icon([
  'M3 21l18 0',
  'M9 8l1 0',
  'M9 12l1 0',
  'M9 16l1 0',
  'M14 8l1 0',
  'M14 12l1 0',
  'M14 16l1 0',
  'M5 21v-16a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v16',
]);
export const CalendarIcon = icon([
  'M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12z',
  'M16 3v4',
  'M8 3v4',
  'M4 11h16',
  'M11 15h1',
  'M12 15v3',
]);
export const MapPinIcon = icon([
  'M9 11a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
  'M17.657 16.657l-4.243 4.243a2 2 0 0 1 -2.827 0l-4.244 -4.243a8 8 0 1 1 11.314 0z',
]);
export const HistoryIcon = icon(['M12 8l0 4l2 2', 'M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5']);
export const HierarchyIcon = icon([
  'M12 5m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M5 19m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M19 19m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M6.5 17.5l5.5 -4.5l5.5 4.5',
  'M12 7l0 6',
]);
export const SmileIcon = icon([CIRCLE, 'M9 10l.01 0', 'M15 10l.01 0', 'M9.5 15a3.5 3.5 0 0 0 5 0']);
export const FormsIcon = icon([
  'M12 3a3 3 0 0 0 -3 3v12a3 3 0 0 0 3 3',
  'M6 3a3 3 0 0 1 3 3v12a3 3 0 0 1 -3 3',
  'M13 7h7a1 1 0 0 1 1 1v8a1 1 0 0 1 -1 1h-7',
  'M5 7h-1a1 1 0 0 0 -1 1v8a1 1 0 0 0 1 1h1',
  'M17 12h.01',
  'M13 12h.01',
]);
export const BriefcaseIcon = icon([
  'M3 7m0 2a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v9a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2z',
  'M8 7v-2a2 2 0 0 1 2 -2h4a2 2 0 0 1 2 2v2',
  'M12 12l0 .01',
  'M3 13a20 20 0 0 0 18 0',
]);
export const ChartPieIcon = icon([
  'M10 3.2a9 9 0 1 0 10.8 10.8a1 1 0 0 0 -1 -1h-6.8a2 2 0 0 1 -2 -2v-7a.9 .9 0 0 0 -1 -.8',
  'M15 3.5a9 9 0 0 1 5.5 5.5h-4.5a1 1 0 0 1 -1 -1v-4.5',
]);
export const BankIcon = icon([
  'M3 21l18 0',
  'M3 10l18 0',
  'M5 6l7 -3l7 3',
  'M4 10l0 11',
  'M20 10l0 11',
  'M8 14l0 3',
  'M12 14l0 3',
  'M16 14l0 3',
]);

export const SidebarCollapseIcon = icon([
  'M4 4m0 2a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z',
  'M9 4v16',
  'M15 10l-2 2l2 2',
]);
export const SidebarExpandIcon = icon([
  'M4 4m0 2a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z',
  'M9 4v16',
  'M14 10l2 2l-2 2',
]);
export const MaximizeIcon = icon([
  'M4 8v-2a2 2 0 0 1 2 -2h2',
  'M4 16v2a2 2 0 0 0 2 2h2',
  'M16 4h2a2 2 0 0 1 2 2v2',
  'M16 20h2a2 2 0 0 0 2 -2v-2',
]);
export const MinimizeIcon = icon([
  'M15 19v-2a2 2 0 0 1 2 -2h2',
  'M15 5v2a2 2 0 0 0 2 2h2',
  'M5 15h2a2 2 0 0 1 2 2v2',
  'M5 9h2a2 2 0 0 0 2 -2v-2',
]);
export const SwitchIcon = icon(['M7 10h14l-4 -4', 'M17 14h-14l4 4']);
export const ReturnIcon = icon(['M9 14l-4 -4l4 -4', 'M5 10h11a4 4 0 1 1 0 8h-1']);
export const UserIcon = icon([
  'M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0',
  'M6 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2',
]);
export const ActivityIcon = icon(['M3 12h4l3 8l4 -16l3 8h4']);
export const SchoolIcon = icon([
  'M22 9l-10 -4l-10 4l10 4l10 -4v6',
  'M6 10.6v5.4a6 3 0 0 0 12 0v-5.4',
]);
export const BellIcon = icon([
  'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6',
  'M9 17v1a3 3 0 0 0 6 0v-1',
]);
export const LogoutIcon = icon([
  'M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2',
  'M9 12h12l-3 -3',
  'M18 15l3 -3',
]);
export const SearchIcon = icon(['M10 10m-7 0a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', 'M21 21l-6 -6']);
export const CheckIcon = icon(['M5 12l5 5l10 -10']);
export const CircleIcon = icon([CIRCLE]);
export const SelectorIcon = icon(['M8 9l4 -4l4 4', 'M16 15l-4 4l-4 -4']);
export const AlertIcon = icon([CIRCLE, 'M12 8v4', 'M12 16h.01']);
export const EyeIcon = icon([
  'M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
  'M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6',
]);
export const FolderIcon = icon([
  'M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-11a2 2 0 0 1 2 -2',
]);
export const SparklesIcon = icon([
  'M16 18a2 2 0 0 1 2 2a2 2 0 0 1 2 -2a2 2 0 0 1 -2 -2a2 2 0 0 1 -2 2zm0 -12a2 2 0 0 1 2 2a2 2 0 0 1 2 -2a2 2 0 0 1 -2 -2a2 2 0 0 1 -2 2zm-7 12a6 6 0 0 1 6 -6a6 6 0 0 1 -6 -6a6 6 0 0 1 -6 6a6 6 0 0 1 6 6z',
]);

export const PlusIcon = icon(['M12 5l0 14', 'M5 12l14 0']);
export const TrashIcon = icon([
  'M4 7l16 0',
  'M10 11l0 6',
  'M14 11l0 6',
  'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2 -2l1 -12',
  'M9 7v-3a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v3',
]);
export const PencilIcon = icon([
  'M4 20h4l10.5 -10.5a2.828 2.828 0 1 0 -4 -4l-10.5 10.5v4',
  'M13.5 6.5l4 4',
]);
export const FilterIcon = icon([
  'M4 4h16v2.172a2 2 0 0 1 -.586 1.414l-4.414 4.414v7l-6 2v-8.5l-4.48 -4.928a2 2 0 0 1 -.52 -1.345v-2.227z',
]);
export const XIcon = icon(['M18 6l-12 12', 'M6 6l12 12']);
export const ArrowLeftIcon = icon(['M5 12l14 0', 'M5 12l6 6', 'M5 12l6 -6']);
export const PhoneIcon = icon([
  'M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5l1.5 -2.5l5 2v4a2 2 0 0 1 -2 2a16 16 0 0 1 -15 -15a2 2 0 0 1 2 -2',
]);
export const LinkIcon = icon([
  'M9 15l6 -6',
  'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464',
  'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463',
]);
export const ExternalLinkIcon = icon([
  'M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6',
  'M11 13l9 -9',
  'M15 4h5v5',
]);
export const ArrowUpIcon = icon(['M12 5l0 14', 'M18 11l-6 -6', 'M6 11l6 -6']);
export const ArrowDownIcon = icon(['M12 5l0 14', 'M18 13l-6 6', 'M6 13l6 6']);

/** The icons a company may give its companies panel ('Mi Empresa', issue #17). */
export const COMPANY_PANEL_ICON_COMPONENTS: Record<CompanyPanelIcon, ReturnType<typeof icon>> = {
  building: BuildingIcon,
  briefcase: BriefcaseIcon,
  bank: BankIcon,
  users: UsersIcon,
  addressBook: AddressBookIcon,
  hierarchy: HierarchyIcon,
};
export const InfoIcon = icon(['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 9h.01', 'M11 12h1v4h1']);
/** A question mark in a circle: 'Soporte' (01 §2). */
export const HelpIcon = icon([
  'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0',
  'M12 17l0 .01',
  'M12 13.5a1.5 1.5 0 0 1 1 -1.5a2.6 2.6 0 1 0 -3 -4',
]);
