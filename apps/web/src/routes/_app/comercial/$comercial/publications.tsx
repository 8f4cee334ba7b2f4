import { createFileRoute } from '@tanstack/react-router';
import { CoachPublicationsPage } from '../../../../features/training/coach-side';

/** '/comercial/{comercial}/publications': the coach's posts (03 §2.3). */
export const Route = createFileRoute('/_app/comercial/$comercial/publications')({
  // Imported when the route is entered: a static import would keep the coach's screens (and
  // what they import) in the first bundle that the login page downloads.
  beforeLoad: async ({ context, params }) => {
    const { requireCoachSide } = await import('../../../../features/training/coach-side');
    await requireCoachSide(context, params.comercial, '/training/publications');
  },
  component: CoachPublicationsPage,
});
