import { useState } from 'react';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { MOBILE_QUERY } from '../ui/media';

/** 01 §9: the menu collapses on its own below 1025 px. */
export const AUTO_COLLAPSE_QUERY = '(max-width: 1024.98px)';
export const MENU_WIDTH = { expanded: 210, collapsed: 68 } as const;
export const MOBILE_HEADER_HEIGHT = 50;
/** Kept across sessions (01 §2). */
export const COLLAPSED_STORAGE_KEY = 'cartera:menu-collapsed';

/**
 * The side menu's state. On a wide screen the user's choice (collapsed or not) is remembered in
 * localStorage. Below 1025 px the menu starts collapsed whatever was chosen; expanding it there
 * lasts until the window grows or shrinks past the breakpoint. On a phone the menu is hidden and
 * the header's burger opens it in full.
 */
export function useMenuLayout() {
  const narrow = useMediaQuery(AUTO_COLLAPSE_QUERY, false, { getInitialValueInEffect: false });
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [storedCollapsed, setStoredCollapsed] = useLocalStorage<boolean>({
    key: COLLAPSED_STORAGE_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Expanded by hand while narrow; forgotten whenever the breakpoint is crossed.
  const [expandedWhileNarrow, setExpandedWhileNarrow] = useState(false);
  const [lastNarrow, setLastNarrow] = useState(narrow);
  if (lastNarrow !== narrow) {
    setLastNarrow(narrow);
    setExpandedWhileNarrow(false);
  }
  const [mobileOpened, mobile_] = useDisclosure(false);

  const collapsed = mobile ? false : narrow ? !expandedWhileNarrow : storedCollapsed;

  function toggleCollapsed() {
    if (narrow) setExpandedWhileNarrow(!expandedWhileNarrow);
    else setStoredCollapsed(!storedCollapsed);
  }

  return {
    collapsed,
    mobile,
    narrow,
    toggleCollapsed,
    mobileOpened,
    toggleMobile: mobile_.toggle,
    closeMobile: mobile_.close,
  };
}
