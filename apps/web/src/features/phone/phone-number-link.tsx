import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { flagOn } from '@cartera/domain/policy';
import { useMe } from '../auth/session';
import type { ContactDetail } from '../contacts/contact-format';
import { CallNumberButton } from '../conversation/calls/call-button';
import { useContactTimelineIfAny } from '../conversation/timeline-context';

/**
 * One of a contact's numbers (its details panel): with `pressToCall` on (03 §6, issue #39) and
 * the conversation open, pressing it calls as 'Llamar' does (through the company's provider when
 * the caller has it); otherwise a tel: link for the device's own phone.
 */
export function PhoneNumberLink({
  contact,
  phone,
  children,
}: {
  contact: ContactDetail;
  phone: string;
  children: ReactNode;
}) {
  const me = useMe();
  const timeline = useContactTimelineIfAny();
  if (me && timeline && flagOn(me, 'pressToCall')) {
    return (
      <CallNumberButton contact={contact} phone={phone}>
        {children}
      </CallNumberButton>
    );
  }
  return (
    <Anchor size="sm" href={`tel:${phone}`}>
      {children}
    </Anchor>
  );
}
