import { createFileRoute } from '@tanstack/react-router';
import { CoachPublicationsPage, requireCoachSide } from '../../../../features/training/coach-side';

/** '/comercial/{comercial}/publications': the coach's posts (03 §2.3). */
export const Route = createFileRoute('/_app/comercial/$comercial/publications')({
  beforeLoad: ({ context, params }) =>
    requireCoachSide(context, params.comercial, '/training/publications'),
  component: CoachPublicationsPage,
});
