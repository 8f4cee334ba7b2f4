import { createFileRoute } from '@tanstack/react-router';
import { PersonalWhatsappPage } from '../../../features/channels/personal-whatsapp-page';

/** '/settings/new-whatsapp' (01 §2): connect the user's own WhatsApp by scanning a QR. */
export const Route = createFileRoute('/_app/settings/new-whatsapp')({
  component: PersonalWhatsappPage,
});
