// The server's API as the web sees it: types only (the web never loads server code). Every part of
// the web takes them from here, so the server's shape enters the web through one module.
export type { AppRouter, RouterInputs, RouterOutputs } from '@cartera/server/router';
