import { useState } from 'react';
import { Modal, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { QueryError } from '../../../ui/query-error';
import { ContactSheetForm } from './contact-sheet-form';
import type { ContactDetail } from '../contact-format';
import type { SheetDefaults } from './sheet-values';

/** 02 §9: the contact sheet is as wide as the company dialog. */
const SHEET_WIDTH = 600;

/**
 * The contact sheet, 'Crear contacto' / 'Editar contacto' (02 §2 screen 1, §4, §5): the tenant's
 * form definition with its flags, the phone checks and their popover, the affiliated companies,
 * the configurable fields and, when connected, the external contact system's status box. Loads
 * its configuration first (skeleton), with a retry when that fails.
 */
export function ContactSheet({
  opened,
  onClose,
  contact,
  onSaved,
  redirect = true,
  defaults,
}: {
  opened: boolean;
  onClose: () => void;
  /** The contact to edit (the `contact.get` answer); none to create. */
  contact?: ContactDetail;
  /** A new contact's starting values. */
  defaults?: SheetDefaults;
  /**
   * After saving. When creating, the sheet then opens /contact?id={new id} (02 §2) unless
   * `redirect` is false.
   */
  onSaved?: (id: string) => void;
  redirect?: boolean;
}) {
  const trpc = useTRPC();
  const mode = contact ? 'edit' : 'create';
  // A saved sheet starts over (02 §4 'on success the form resets').
  const [generation, setGeneration] = useState(0);
  const config = useQuery({ ...trpc.contact.form.queryOptions(), enabled: opened });
  const fields = useQuery({
    ...trpc.customField.forForm.queryOptions({ entity: 'contact', mode }),
    enabled: opened,
  });
  const tags = useQuery({ ...trpc.catalog.tags.queryOptions(), enabled: opened });
  const origins = useQuery({ ...trpc.catalog.origins.queryOptions(), enabled: opened });
  const loads = [config, fields, tags, origins];
  const failed = loads.find((query) => query.isError);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? es.contacts.editTitle : es.contacts.createTitle}
      size={SHEET_WIDTH}
      centered
    >
      {failed ? (
        <QueryError
          error={failed.error}
          retrying={loads.some((query) => query.isFetching)}
          onRetry={() => {
            for (const query of loads) if (query.isError) void query.refetch();
          }}
        />
      ) : config.data && fields.data && tags.data && origins.data ? (
        <ContactSheetForm
          key={`${contact?.id ?? 'new'}-${generation}`}
          contact={contact}
          defaults={defaults}
          config={config.data}
          fields={fields.data}
          tags={tags.data}
          origins={origins.data}
          redirect={redirect}
          onCancel={onClose}
          onSaved={(id) => {
            setGeneration((current) => current + 1);
            onSaved?.(id);
            onClose();
          }}
          onLeave={onClose}
        />
      ) : (
        <Stack gap="md" aria-busy="true" aria-label={es.app.loading}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={96} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
    </Modal>
  );
}
