export { seedDemo, DEMO_LOGINS, type DemoData, type DemoLogin } from './demo';
export { isEmpty } from './factories';
