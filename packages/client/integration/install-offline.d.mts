/** Packs dist/ and installs it into a new folder outside the workspace; answers the folder. */
export function installOffline(extra?: Record<string, string>): string;
