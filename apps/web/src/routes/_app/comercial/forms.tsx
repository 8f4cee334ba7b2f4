import { createFileRoute } from '@tanstack/react-router';
import { FormsPage } from '../../../features/forms/forms-page';

/** '/comercial/forms' 'Formularios' (01 §2; issue #42 item 3): the company's forms. */
export const Route = createFileRoute('/_app/comercial/forms')({
  component: FormsPage,
});
