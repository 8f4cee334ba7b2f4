import { DEMO_LOGINS } from '@cartera/db/seed';
import { DEMO_PASSWORD } from '@cartera/db/factories';
import { es, format } from '@cartera/domain/i18n';
import { buildApp } from './app';
import { loadEnv } from './env';
import { startFakeAi } from './testing/fake-ai';
import { startFakeMeetings } from './testing/fake-meetings';

const env = loadEnv();
// The demo drafts replies without any key (issue #44 item 3): with no AI_BASE_URL, a fake of the
// chat-completions endpoint on 127.0.0.1 answers canned drafts (docs/decisions.md).
const demoAi = env.seedDemo && !env.ai ? await startFakeAi() : undefined;
if (demoAi)
  env.ai = { baseUrl: demoAi.url, model: 'cartera-demo', apiKey: undefined, startedHere: true };
// Meetings in the demo (issue #40): with no Google client, a fake of Google's OAuth and Calendar
// API and of Zoom's on 127.0.0.1 makes the Meet and Zoom links (docs/decisions.md).
const demoMeetings = env.seedDemo && !env.meetings.google ? await startFakeMeetings() : undefined;
if (demoMeetings) {
  env.meetings = {
    google: {
      clientId: demoMeetings.google.clientId,
      clientSecret: demoMeetings.google.clientSecret,
      oauthUrl: demoMeetings.url,
      tokenUrl: `${demoMeetings.url}/token`,
      calendarUrl: demoMeetings.url,
      redirectUri: `${env.publicUrl}/settings`,
    },
    zoom: { oauthUrl: demoMeetings.url, apiUrl: demoMeetings.url },
    startedHere: demoMeetings.url,
  };
}
const app = await buildApp({ env });
const log = app.deps.logger;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => process.exit(1), 20_000);
  forced.unref();
  try {
    await app.close();
    await demoAi?.stop();
    await demoMeetings?.close();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen();
const url = `http://localhost:${env.port}`;
const texts = es.startup;
const kind =
  app.deps.database.kind === 'pglite'
    ? format(texts.databaseEmbedded, { dir: env.dataDir })
    : es.app.databasePostgres;
const lines = ['', `  ${format(texts.running, { url })}`, `  ${format(texts.database, { kind })}`];
if (env.seedDemo) {
  lines.push(`  ${format(texts.demoUsers, { password: DEMO_PASSWORD })}`);
  for (const login of DEMO_LOGINS) {
    lines.push(
      `    ${login.email.padEnd(24)} ${login.role}${login.note ? ` · ${login.note}` : ''}`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n\n`);
