import type { ReactNode } from 'react';
import { Alert, Modal, Stack, type MantineSpacing } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { FormActions } from './form-actions';

/**
 * The create or edit dialog of one entity: a form (no browser validation: the domain's rules
 * speak through `useEntityForm`) with the editor's fields, the save's message above the buttons
 * and the actions ('Cancelar' and the submit button, which spins while saving; a running save
 * cannot be walked away from). `after` goes below the form (operations of a saved entity).
 */
export function EntityDialog({
  title,
  opened = true,
  onClose,
  onSubmit,
  form,
  saving,
  busy = false,
  submitLabel = es.app.save,
  cancelLabel = es.app.cancel,
  size = 520,
  gap = 'md',
  children,
  after,
}: {
  title: ReactNode;
  opened?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** The form's state: its message above the buttons (`useEntityForm`, `useFormErrors`). */
  form: { message: string | null };
  saving: boolean;
  /** Work besides the save that keeps the dialog open (an upload). */
  busy?: boolean;
  submitLabel?: ReactNode;
  cancelLabel?: string;
  size?: number;
  gap?: MantineSpacing;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <EntityForm
        onSubmit={onSubmit}
        onCancel={onClose}
        form={form}
        saving={saving}
        busy={busy}
        submitLabel={submitLabel}
        cancelLabel={cancelLabel}
        gap={gap}
      >
        {children}
      </EntityForm>
      {after}
    </Modal>
  );
}

/**
 * An entity's form on the page itself (a settings panel), or inside `EntityDialog`: the
 * editor's fields, the save's message above the buttons and the actions ('Cancelar', which puts
 * the stored values back on a page, and the submit button, which spins while saving).
 */
export function EntityForm({
  onSubmit,
  onCancel,
  form,
  saving,
  busy = false,
  submitLabel = es.app.save,
  cancelLabel = es.app.cancel,
  gap = 'md',
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  /** The form's state: its message above the buttons (`useEntityForm`, `useFormErrors`). */
  form: { message: string | null };
  saving: boolean;
  /** Work besides the save that keeps cancel disabled (an upload). */
  busy?: boolean;
  submitLabel?: ReactNode;
  cancelLabel?: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>
        {children}
        {form.message && (
          <Alert color="red" variant="light" role="alert">
            {form.message}
          </Alert>
        )}
        <FormActions
          cancelLabel={cancelLabel}
          onCancel={onCancel}
          submitLabel={submitLabel}
          loading={saving}
          cancelDisabled={saving || busy}
        />
      </Stack>
    </form>
  );
}
