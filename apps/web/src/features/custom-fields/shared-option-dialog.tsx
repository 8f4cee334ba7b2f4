import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Input,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_OPTION_COLOR,
  OPTION_COLORS,
  SHARED_OPTION_NAME_MAX,
} from '@cartera/domain/companies';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CheckIcon, TrashIcon } from '../../ui/icons';
import { readableTextColor, type SharedOptionView } from './field-values';

/** 02 §5: required, at most 200 characters, with the specification's messages. */
export function optionNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return es.companies.optionNameRequired;
  if (trimmed.length > SHARED_OPTION_NAME_MAX) return es.companies.optionNameTooLong;
  return null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A shared option as a coloured badge, wherever it is shown. */
export function OptionBadge({
  option,
  size = 'md',
}: {
  option: Pick<SharedOptionView, 'name' | 'backgroundColor' | 'color'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      size={size}
      radius="sm"
      tt="none"
      fw={600}
      styles={{ root: { backgroundColor: option.backgroundColor, color: option.color } }}
    >
      {option.name}
    </Badge>
  );
}

/**
 * 'Crear opción' / 'Editar opción' (02 screen 8, 550 px): the option's name, one of the 18 preset
 * colours (default #0080FF) or any other from the custom picker, a preview, and for an existing
 * option 'Eliminar' with confirmation. Any user of the form may manage the options of a field.
 */
export function SharedOptionDialog({
  fieldId,
  option,
  onClose,
  onSaved,
  onDeleted,
}: {
  fieldId: string;
  /** The option to edit; none to create one. */
  option?: SharedOptionView;
  onClose: () => void;
  onSaved: (option: SharedOptionView, created: boolean) => void;
  onDeleted: (code: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(option?.name ?? '');
  const [color, setColor] = useState(option?.backgroundColor ?? DEFAULT_OPTION_COLOR);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refreshFields = () => queryClient.invalidateQueries(trpc.customField.pathFilter());

  const create = useMutation(trpc.customField.createSharedOption.mutationOptions());
  const update = useMutation(trpc.customField.updateSharedOption.mutationOptions());
  const remove = useMutation(trpc.customField.deleteSharedOption.mutationOptions());
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const nameError = touched ? optionNameError(name) : null;
  const validColor = HEX.test(color);
  const data = {
    name: name.trim(),
    backgroundColor: validColor ? color.toUpperCase() : DEFAULT_OPTION_COLOR,
    color: readableTextColor(validColor ? color : DEFAULT_OPTION_COLOR),
  };

  function submit() {
    setTouched(true);
    if (optionNameError(name) || !validColor) return;
    const done = (saved: SharedOptionView) => {
      void refreshFields();
      onSaved(saved, !option);
      onClose();
    };
    if (option) {
      update.mutate({ fieldId, code: option.code, data }, { onSuccess: done });
    } else {
      create.mutate({ fieldId, data }, { onSuccess: done });
    }
  }

  function confirmDelete() {
    if (!option) return;
    remove.mutate(
      { fieldId, code: option.code },
      {
        onSuccess: () => {
          void refreshFields();
          onDeleted(option.code);
          setConfirming(false);
          onClose();
        },
      },
    );
  }

  return (
    <>
      <Modal
        opened={!confirming}
        onClose={onClose}
        title={option ? es.fields.editOption : es.fields.createOption}
        size={550}
        centered
      >
        <form
          noValidate
          onSubmit={(event) => {
            // The dialog is portalled out of the record's form, but React still bubbles to it.
            event.preventDefault();
            event.stopPropagation();
            submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={es.fields.optionName}
              withAsterisk
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={nameError}
              data-autofocus
            />
            <Input.Wrapper label={es.fields.optionColor}>
              <SimpleGrid cols={9} spacing={8} verticalSpacing={8} mt={6} maw={360}>
                {OPTION_COLORS.map((preset) => {
                  const chosen = preset.toLowerCase() === color.toLowerCase();
                  return (
                    <ColorSwatch
                      key={preset}
                      component="button"
                      type="button"
                      color={preset}
                      size={30}
                      radius="sm"
                      aria-label={format(es.fields.presetColor, { color: preset })}
                      aria-pressed={chosen}
                      onClick={() => setColor(preset)}
                      style={{ color: readableTextColor(preset), cursor: 'pointer' }}
                    >
                      {chosen && <CheckIcon size={16} stroke={2.5} />}
                    </ColorSwatch>
                  );
                })}
              </SimpleGrid>
            </Input.Wrapper>
            <ColorInput
              label={es.fields.customColor}
              format="hex"
              value={color}
              onChange={setColor}
              withEyeDropper={false}
              maw={240}
              popoverProps={{ withinPortal: true }}
            />
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {es.fields.optionPreview}
              </Text>
              <OptionBadge
                option={{
                  name: data.name || es.fields.optionName,
                  backgroundColor: data.backgroundColor,
                  color: data.color,
                }}
                size="lg"
              />
            </Group>
            {saveError && (
              <Alert color="red" variant="light" role="alert" title={es.fields.optionSaveFailed}>
                {userMessageOf(saveError)}
              </Alert>
            )}
            <Group justify="space-between" mt="xs">
              {option ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<TrashIcon size={16} />}
                  onClick={() => setConfirming(true)}
                >
                  {es.fields.delete}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={onClose}>
                  {es.fields.cancel}
                </Button>
                <Button type="submit" loading={saving}>
                  {option ? es.fields.save : es.fields.create}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Modal>
      {option && (
        <ConfirmDialog
          opened={confirming}
          title={es.fields.deleteOption}
          action={remove}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        >
          <Text size="sm">{format(es.fields.deleteOptionQuestion, { name: option.name })}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}
