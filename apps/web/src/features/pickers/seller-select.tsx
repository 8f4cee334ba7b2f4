import { Select, type SelectProps } from '@mantine/core';
import { fullNameOf } from '../auth/session';

/** A seller as the server's seller choices answer it (receipt.sellers, requestSale.sellers). */
export interface SellerChoice {
  id: string;
  name: string;
  lastname: string;
  groupName?: string;
}

export interface SellerSelectProps extends Omit<SelectProps, 'data'> {
  /** The sellers the user may pick (each screen asks its own server list: whose records). */
  sellers: readonly SellerChoice[] | undefined;
  /** Show the seller's group after the name ('Ana Pérez · Ventas'). */
  withGroup?: boolean;
  /** The record's seller, offered even when the list no longer holds it (deactivated, moved). */
  current?: SellerChoice | null;
}

/** The one seller picker: a filter, a sale's seller, a request's seller. Searchable by name. */
export function SellerSelect({ sellers, withGroup = false, current, ...props }: SellerSelectProps) {
  const label = (seller: SellerChoice) =>
    withGroup && seller.groupName
      ? `${fullNameOf(seller)} · ${seller.groupName}`
      : fullNameOf(seller);
  const data = (sellers ?? []).map((seller) => ({ value: seller.id, label: label(seller) }));
  if (current && !data.some((option) => option.value === current.id)) {
    data.push({ value: current.id, label: label(current) });
  }
  return <Select searchable {...props} data={data} />;
}
