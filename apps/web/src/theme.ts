import { Badge, createTheme, Drawer, Modal } from '@mantine/core';
import { es } from '@cartera/domain/i18n';

/**
 * System fonts only: no web-font downloads (the CSP allows fonts from 'self' and data: only), and
 * every font in the stack renders Spanish accents and ñ.
 */
const systemSans =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

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
    Badge: Badge.extend({
      styles: { root: { minWidth: 'max-content', overflow: 'visible' } },
    }),
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': es.app.close } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
    Drawer: Drawer.extend({
      defaultProps: { closeButtonProps: { 'aria-label': es.app.close } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
  },
});
