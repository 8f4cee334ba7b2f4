import { accountRouter } from './modules/account/account.router';
import { adminRouter } from './modules/admin/admin.router';
import { catalogRouter } from './modules/catalog/catalog.router';
import { channelsRouter } from './modules/channels/channels.router';
import { companiesRouter } from './modules/companies/companies.router';
import { contactsRouter } from './modules/contacts/contacts.router';
import { interactionsRouter } from './modules/interactions/interactions.router';
import { filesRouter } from './modules/files/files.router';
import { inboxRouter } from './modules/inbox/inbox.router';
import { sharedInboxesRouter } from './modules/shared-inboxes/shared-inboxes.router';
import { templatesRouter } from './modules/templates/templates.router';
import { customFieldsRouter } from './modules/custom-fields/custom-fields.router';
import { activityRouter } from './modules/activity/activity.router';
import { actionsHistoryRouter } from './modules/actions-history/actions-history.router';
import { authRouter } from './modules/auth/auth.router';
import { placesRouter } from './modules/places/places.router';
import { usersRouter } from './modules/users/users.router';
import { sellersRouter } from './modules/sellers/sellers.router';
import { goalsRouter } from './modules/goals/goals.router';
import { receiptsRouter } from './modules/receipts/receipts.router';
import { requestSalesRouter } from './modules/request-sales/request-sales.router';
import { trainingRouter } from './modules/training/training.router';
import { settingsRouter } from './modules/settings/settings.router';
import { emailRouter } from './modules/email/email.router';
import { securityRouter } from './modules/security/security.router';
import { webhookRouter } from './modules/webhooks/webhooks.router';
import { apiTokenRouter } from './modules/account/api-token.router';
import { systemRouter } from './modules/system/system.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { realtimeRouter } from './realtime/realtime.router';
import { aiRouter } from './modules/ai/ai.router';
import { npsRouter } from './modules/nps/nps.router';
import { campaignsRouter } from './modules/campaigns/campaigns.router';
import { phoneRouter } from './modules/phone/phone.router';
import { calendarRouter, meetingsRouter } from './modules/meetings/meetings.router';
import { formsRouter } from './modules/forms/forms.router';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createCallerFactory, router } from './trpc/init';

/** Every router of the application. The authorisation harness walks all of it. */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  activity: activityRouter,
  actionsHistory: actionsHistoryRouter,
  account: accountRouter,
  admin: adminRouter,
  seller: sellersRouter,
  goal: goalsRouter,
  receipt: receiptsRouter,
  requestSale: requestSalesRouter,
  training: trainingRouter,
  notification: notificationsRouter,
  company: companiesRouter,
  customField: customFieldsRouter,
  catalog: catalogRouter,
  place: placesRouter,
  contact: contactsRouter,
  interaction: interactionsRouter,
  inbox: inboxRouter,
  sharedInbox: sharedInboxesRouter,
  template: templatesRouter,
  channel: channelsRouter,
  file: filesRouter,
  user: usersRouter,
  settings: settingsRouter,
  phone: phoneRouter,
  email: emailRouter,
  security: securityRouter,
  webhook: webhookRouter,
  apiToken: apiTokenRouter,
  realtime: realtimeRouter,
  ai: aiRouter,
  nps: npsRouter,
  meeting: meetingsRouter,
  calendar: calendarRouter,
  form: formsRouter,
  campaign: campaignsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
