import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TrainingLayout } from '../../features/training/training-layout';

/** 'Aprender' (01 §2, 03 §2.3): the training area's frame around its four tabs. */
export const Route = createFileRoute('/_app/training')({
  component: () => (
    <TrainingLayout>
      <Outlet />
    </TrainingLayout>
  ),
});
