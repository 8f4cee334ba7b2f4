import type { ReactNode } from 'react';
import { Table, type MantineSpacing } from '@mantine/core';

/** One line of a property table: its name and its value. */
export interface Property {
  label: string;
  value: ReactNode;
  /** A long value without spaces (a URL) breaks anywhere instead of widening the table. */
  breakAll?: boolean;
}

/**
 * The properties of one record, a name and its value per line (the profile, a saved external
 * system, a receipt's data): a framed table with the names as row headers, or `plain`, unframed
 * with the names dimmed (inside a card that frames it).
 */
export function PropertyTable({
  rows,
  labelWidth = 150,
  plain = false,
  maw,
  verticalSpacing = plain ? 2 : 'xs',
}: {
  rows: readonly Property[];
  labelWidth?: number;
  plain?: boolean;
  maw?: number;
  verticalSpacing?: MantineSpacing | number;
}) {
  return (
    <Table
      variant={plain ? undefined : 'vertical'}
      layout={plain ? undefined : 'fixed'}
      withTableBorder={!plain}
      withRowBorders={!plain}
      verticalSpacing={verticalSpacing}
      maw={maw}
    >
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th w={labelWidth} fw={plain ? 500 : undefined} c={plain ? 'dimmed' : undefined}>
              {row.label}
            </Table.Th>
            <Table.Td style={row.breakAll ? { wordBreak: 'break-all' } : undefined}>
              {row.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
