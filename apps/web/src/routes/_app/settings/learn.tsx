import { createFileRoute, redirect } from '@tanstack/react-router';

/** 'Aprender' of the user menu (01 §2 /settings/learn) is the training area. */
export const Route = createFileRoute('/_app/settings/learn')({
  beforeLoad: () => {
    throw redirect({ to: '/training', replace: true });
  },
});
