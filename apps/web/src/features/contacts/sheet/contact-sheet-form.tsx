import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../../lib/api-types';
import { FormActions } from '../../../ui/form-actions';
import type { FormField } from '../../custom-fields/field-values';
import { UnifyDialog } from '../unify-dialog';
import { ExternalStatusBox } from './external-status';
import { SheetFields } from './sheet-fields';
import { shownItems } from './sheet-items';
import type { ContactFormConfig, SheetDefaults } from './sheet-values';
import type { ContactDetail } from '../contact-format';
import { useContactSheet, type Origin } from './use-contact-sheet';
import { usePhoneActions } from './use-phone-actions';

type Tag = RouterOutputs['catalog']['tags'][number];

/**
 * The contact sheet's form (02 §4): the fields of the tenant's definition, the external system's
 * status, what a failed save said, and 'Cancelar' / 'Guardar'. Unify, offered by the popover of
 * a number another contact has, opens over it.
 */
export function ContactSheetForm({
  contact,
  config,
  fields,
  tags,
  origins,
  redirect,
  onCancel,
  onSaved,
  onLeave,
  defaults,
}: {
  contact?: ContactDetail;
  defaults?: SheetDefaults | undefined;
  config: ContactFormConfig;
  fields: FormField[];
  tags: Tag[];
  origins: Origin[];
  redirect: boolean;
  onCancel: () => void;
  onSaved: (id: string) => void;
  /** The user went to another contact from the phone popover: the sheet closes. */
  onLeave: () => void;
}) {
  const items = shownItems(config);
  const sheet = useContactSheet({
    contact,
    defaults,
    config,
    items,
    fields,
    origins,
    redirect,
    onSaved,
  });
  const [unifyWith, setUnifyWith] = useState<string | null>(null);
  const actions = usePhoneActions({ onLeave, onUnify: contact ? setUnifyWith : undefined });

  // 02 §4: focus the first field once the sheet shows (after the modal's own focus).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      formRef.current
        ?.querySelector<HTMLElement>(
          'input:not([disabled]):not([type="hidden"]), textarea:not([disabled])',
        )
        ?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          sheet.submit();
        }}
        onKeyDown={(event) => {
          // Enter on a refused sheet shows every message instead of doing nothing.
          const target = event.target as HTMLElement;
          if (event.key === 'Enter' && target.tagName === 'INPUT' && sheet.disabled)
            sheet.showAllMessages();
        }}
      >
        <Stack gap="md">
          <SheetFields
            sheet={sheet}
            items={items}
            contact={contact}
            config={config}
            tags={tags}
            origins={origins}
            actions={actions}
          />
          {config.externalSystem && (
            <ExternalStatusBox system={config.externalSystem} state={sheet.external} />
          )}
          {sheet.failure && (
            <Alert color="red" variant="light" role="alert" title={sheet.failure.title}>
              {sheet.failure.message && <Text size="sm">{sheet.failure.message}</Text>}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.contacts.cancel}
            onCancel={onCancel}
            submitLabel={contact ? es.contacts.editSubmit : es.contacts.createSubmit}
            loading={sheet.saving}
            disabled={sheet.disabled}
            cancelDisabled={sheet.saving}
            mt="xs"
          />
        </Stack>
      </form>
      {contact && (
        // Outside the form: its own form's events must not reach this one through the portal.
        <UnifyDialog
          opened={unifyWith !== null}
          onClose={() => setUnifyWith(null)}
          contactId={contact.id}
          otherContactId={unifyWith ?? undefined}
        />
      )}
    </>
  );
}
