import { createTheme, type MantineThemeComponent } from '@mantine/core';
import { appEs } from '@cartera/domain/i18n/app';

/**
 * System fonts only: no web-font downloads (the CSP allows fonts from 'self' and data: only), and
 * every font in the stack renders Spanish accents and ñ.
 */
const systemSans =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

/**
 * Modals and drawers: 'Cerrar' on the close button, a bold title. Plain objects rather than
 * `Modal.extend(...)`: that import would put the components (and floating-ui, through them) in
 * the first bundle the login page downloads (issue #35 item 2).
 */
const dialogTheme: MantineThemeComponent = {
  defaultProps: { closeButtonProps: { 'aria-label': appEs.close } },
  styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
};

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 7, dark: 5 },
  fontFamily: systemSans,
  headings: { fontFamily: systemSans, fontWeight: '700' },
  fontFamilyMonospace:
    "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace",
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A badge is never narrower than its words (issue #35: no 'PENDIEN…'): its column widens.
    Badge: { styles: { root: { minWidth: 'max-content', overflow: 'visible' } } },
    Modal: dialogTheme,
    Drawer: dialogTheme,
  },
});
