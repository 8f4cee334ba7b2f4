import { createFileRoute } from '@tanstack/react-router';
import { GoalsPage } from '../../../features/goals/goals-page';

/** '/comercial/goals' 'Objetivos' (01 §2): the sellers' weekly goals, set in place. */
export const Route = createFileRoute('/_app/comercial/goals')({
  component: GoalsPage,
});
