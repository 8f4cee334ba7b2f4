// Runs the example against a started Cartera: `npm run example -w @cartera/client`.
// CARTERA_URL (default http://localhost:3000), CARTERA_EMAIL and CARTERA_PASSWORD (default the
// demo seller vendedor@demo.test / Demo1234, documented demo credentials).
import { followTimeline } from './follow-timeline';

const url = process.env.CARTERA_URL ?? 'http://localhost:3000';
const login = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: process.env.CARTERA_EMAIL ?? 'vendedor@demo.test',
    password: process.env.CARTERA_PASSWORD ?? 'Demo1234',
  }),
});
if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
const { token } = (await login.json()) as { token: string };
await followTimeline(url, token);
