import { createFileRoute } from '@tanstack/react-router';
import { PublicationsPage } from '../../../features/training/training-pages';

/** '/training/publications' ('Publicaciones'). */
export const Route = createFileRoute('/_app/training/publications')({
  component: PublicationsPage,
});
