import { createFileRoute } from '@tanstack/react-router';
import { NpsPage } from '../../../features/nps/nps-page';

/** '/comercial/netpromoterscore' 'NPS' (01 §2; issue #42 item 1): figures and configurations. */
export const Route = createFileRoute('/_app/comercial/netpromoterscore')({
  component: NpsPage,
});
