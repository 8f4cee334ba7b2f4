/*
 * All of Mantine's component styles, layered (`@layer mantine`, under every style of ours). The
 * first bundle has only what the login page and the app's frame draw with (main.tsx); the shell
 * (shell/app-layout.tsx) and the pages outside it import this module.
 */
import '@mantine/core/styles.layer.css';
