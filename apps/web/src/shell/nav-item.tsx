import type { CSSProperties, ReactNode } from 'react';
import { NavLink, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './app-layout.module.css';

/** A small count badge's width by its digits (a circle up to 9, then wider per digit). */
export const BADGE_WIDTH: Record<number, number> = { 1: 18, 2: 32, 3: 40 };

const EXACT = { exact: true, includeSearch: true, includeHash: true } as const;

/** One line of the menu; icon only with a tooltip when the menu is collapsed. */
export function NavItem({
  label,
  icon,
  collapsed,
  active = false,
  link,
  href,
  onClick,
  color,
  disabled,
  badge,
  beside,
  besideWidth = BADGE_WIDTH[1],
}: {
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  active?: boolean;
  link?: { to: string; hash?: string };
  /** A page outside the app, opened in a new tab. */
  href?: string;
  onClick?: () => void;
  color?: string;
  disabled?: boolean;
  /** A count beside the label (hidden while the menu is collapsed). */
  badge?: ReactNode;
  /** A count at the line's end but outside the link (hidden while the menu is collapsed). */
  beside?: ReactNode;
  /** The count's width in pixels: the link's text keeps clear of it. */
  besideWidth?: number;
}) {
  const common = {
    label: collapsed ? undefined : label,
    rightSection: collapsed ? undefined : badge,
    'aria-label': collapsed ? label : undefined,
    leftSection: icon,
    active,
    color,
    disabled,
    onClick,
    'data-collapsed': collapsed || undefined,
    classNames: { root: classes.item, section: classes.itemSection, body: classes.itemBody },
  };
  const item = link ? (
    <NavLink
      {...common}
      renderRoot={(rootProps) => (
        <Link
          to={link.to as '/'}
          hash={link.hash}
          // The router marks only the exact address as current; `active` says the rest.
          activeOptions={EXACT}
          {...rootProps}
        />
      )}
    />
  ) : href ? (
    <NavLink {...common} component="a" href={href} target="_blank" rel="noopener noreferrer" />
  ) : (
    <NavLink {...common} component="button" type="button" />
  );
  if (!collapsed && beside) {
    return (
      <div
        className={classes.besideRow}
        style={{ '--beside-width': `${besideWidth}px` } as CSSProperties}
      >
        {item}
        <span className={classes.beside}>{beside}</span>
      </div>
    );
  }
  if (!collapsed) return item;
  return (
    <Tooltip label={label} position="right" withArrow openDelay={150}>
      {item}
    </Tooltip>
  );
}
