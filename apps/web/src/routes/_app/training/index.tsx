import { createFileRoute } from '@tanstack/react-router';
import { TrainingHome } from '../../../features/training/training-pages';

/** '/training' ('Todos'). */
export const Route = createFileRoute('/_app/training/')({
  component: TrainingHome,
});
