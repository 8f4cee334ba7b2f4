import { Menu } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { PhoneIcon } from '../../ui/icons';
import { useSoftphoneOpen } from './softphone-store';
import { usePhoneProviders } from './use-phone';

/** The user menu's 'Abrir teléfono' / 'Cerrar teléfono' (01 §2), with a phone provider only. */
export function SoftphoneMenuItem() {
  const providers = usePhoneProviders();
  const [open, setOpen] = useSoftphoneOpen();
  if (!providers.data?.connected) return null;
  return (
    <Menu.Item leftSection={<PhoneIcon size={16} />} onClick={() => setOpen(!open)}>
      {open ? es.phone.softphone.close : es.phone.softphone.open}
    </Menu.Item>
  );
}
