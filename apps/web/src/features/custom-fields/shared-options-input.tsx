import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { CheckIcon, PencilIcon, PlusIcon } from '../../ui/icons';
import type { FormField, SharedOptionView } from './field-values';
import { OptionBadge, SharedOptionDialog } from './shared-option-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; option: SharedOptionView } | null;

const keepFocus = (event: React.MouseEvent) => event.preventDefault();

/**
 * 'sharedmultioptions': several of the field's shared options, shown as coloured badges. The
 * dropdown lists the options with an edit button each and 'Crear opción' at its foot.
 */
export function SharedOptionsInput({
  id,
  field,
  label,
  required,
  error,
  value,
  onChange,
  onBlur,
}: {
  id: string;
  field: FormField;
  label: string;
  required: boolean;
  error: ReactNode;
  value: string[];
  onChange: (codes: string[]) => void;
  onBlur: () => void;
}) {
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const byCode = new Map(field.sharedOptions.map((option) => [option.code, option]));
  const term = search.trim().toLowerCase();
  const shown = field.sharedOptions.filter((option) => option.name.toLowerCase().includes(term));

  const toggle = (code: string) =>
    onChange(value.includes(code) ? value.filter((each) => each !== code) : [...value, code]);

  const openDialog = (next: DialogState) => {
    combobox.closeDropdown();
    setDialog(next);
  };

  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(code) => {
          toggle(code);
          setSearch('');
        }}
        withinPortal
      >
        <Combobox.DropdownTarget>
          <PillsInput
            id={id}
            label={label}
            withAsterisk={required}
            error={error}
            onClick={() => combobox.openDropdown()}
          >
            <Pill.Group>
              {value.map((code) => {
                const option = byCode.get(code);
                return (
                  <Pill
                    key={code}
                    withRemoveButton
                    onRemove={() => toggle(code)}
                    removeButtonProps={{
                      'aria-label': format(es.fields.removeValue, { name: option?.name ?? code }),
                      'aria-hidden': false,
                    }}
                    styles={{
                      root: option
                        ? { backgroundColor: option.backgroundColor, color: option.color }
                        : undefined,
                    }}
                  >
                    {option?.name ?? code}
                  </Pill>
                );
              })}
              <Combobox.EventsTarget>
                <PillsInput.Field
                  id={id}
                  value={search}
                  placeholder={value.length === 0 ? es.fields.selectPlaceholder : undefined}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => {
                    combobox.closeDropdown();
                    onBlur();
                  }}
                  onChange={(event) => {
                    combobox.updateSelectedOptionIndex();
                    setSearch(event.currentTarget.value);
                    combobox.openDropdown();
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                      event.preventDefault();
                      onChange(value.slice(0, -1));
                    }
                  }}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>

        <Combobox.Dropdown>
          <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
            {shown.length === 0 ? (
              <Combobox.Empty>{es.fields.noResults}</Combobox.Empty>
            ) : (
              shown.map((option) => {
                const checked = value.includes(option.code);
                return (
                  <Combobox.Option
                    key={option.code}
                    value={option.code}
                    active={checked}
                    aria-selected={checked}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Group gap={8} wrap="nowrap">
                        <span style={{ width: 16, display: 'inline-flex' }}>
                          {checked && <CheckIcon size={14} />}
                        </span>
                        <OptionBadge option={option} />
                      </Group>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-label={format(es.fields.editOptionNamed, { name: option.name })}
                        onMouseDown={keepFocus}
                        onClick={(event) => {
                          event.stopPropagation();
                          openDialog({ mode: 'edit', option });
                        }}
                      >
                        <PencilIcon size={14} />
                      </ActionIcon>
                    </Group>
                  </Combobox.Option>
                );
              })
            )}
          </Combobox.Options>
          <Combobox.Footer>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<PlusIcon size={14} />}
              onMouseDown={keepFocus}
              onClick={() => openDialog({ mode: 'create' })}
            >
              {es.fields.createOption}
            </Button>
          </Combobox.Footer>
        </Combobox.Dropdown>
      </Combobox>
      {dialog && (
        <SharedOptionDialog
          fieldId={field.id}
          option={dialog.mode === 'edit' ? dialog.option : undefined}
          onClose={() => setDialog(null)}
          onSaved={(option, created) => {
            if (created) onChange([...value, option.code]);
          }}
          onDeleted={(code) => onChange(value.filter((each) => each !== code))}
        />
      )}
    </>
  );
}
