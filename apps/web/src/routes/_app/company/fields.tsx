import { createFileRoute } from '@tanstack/react-router';
import { FieldsConfigPage } from '../../../features/company/fields-config-page';

/** '/company/fields' (issue #17): custom fields, the contact form and the companies panel. */
export const Route = createFileRoute('/_app/company/fields')({
  component: FieldsConfigPage,
});
