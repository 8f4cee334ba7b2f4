import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { TrashIcon } from '../../ui/icons';
import { AddRowButton } from '../../ui/row-buttons';
import { emptyLine, type LineValues } from './sale-values';
import { useCurrencySymbol } from '../../lib/use-money';

const t = es.receipts.manual;

/**
 * The product lines of a `multiline` sale (03 §9): name, code, category (unless the template
 * hides it), quantity and price of each, one more with 'Agregar producto', one fewer with
 * 'Quitar producto' (never the last). A line's errors are named 'lines.<index>.<key>'.
 */
export function SaleLines({
  lines,
  onChange,
  errorOf,
  hideCategory,
  disabled,
}: {
  lines: readonly LineValues[];
  /** The new lines and the field whose error the change drops. */
  onChange: (lines: LineValues[], changed?: string) => void;
  errorOf: (field: string) => string | null;
  hideCategory: boolean;
  disabled: boolean;
}) {
  const currency = useCurrencySymbol();
  const setLine = (index: number, key: keyof Omit<LineValues, 'key'>, value: string) =>
    onChange(
      lines.map((line, at) => (at === index ? { ...line, [key]: value } : line)),
      `lines.${index}.${key}`,
    );
  const input = (
    index: number,
    key: keyof Omit<LineValues, 'key'>,
    label: string,
    options: { required?: boolean; numeric?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      withAsterisk={options.required}
      value={lines[index]![key]}
      onChange={(event) => setLine(index, key, event.currentTarget.value)}
      error={errorOf(`lines.${index}.${key}`)}
      disabled={disabled}
      inputMode={options.numeric ? 'decimal' : undefined}
      leftSection={key === 'value' ? currency : undefined}
    />
  );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t.lines}
      </Text>
      {errorOf('lines') && (
        <Text size="xs" c="red.7">
          {errorOf('lines')}
        </Text>
      )}
      {lines.map((line, index) => (
        <Paper key={line.key} withBorder p="xs" radius="sm" data-testid="sale-line">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" style={{ flex: 1 }}>
              {input(index, 'name', t.lineName, { required: true })}
              {input(index, 'code', t.lineCode)}
              {hideCategory ? <span /> : input(index, 'category', t.lineCategory)}
              {input(index, 'quantity', t.lineQuantity, { numeric: true })}
              {input(index, 'value', t.lineValue, { required: true, numeric: true })}
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              aria-label={t.removeLine}
              title={t.removeLine}
              disabled={lines.length === 1 || disabled}
              onClick={() => onChange(lines.filter((_, at) => at !== index))}
            >
              <TrashIcon size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <AddRowButton
        label={t.addLine}
        onClick={() => onChange([...lines, emptyLine()])}
        disabled={disabled}
      />
    </Stack>
  );
}
