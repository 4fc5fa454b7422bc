import type { ReactNode } from "react";
import { DataTable } from "~/components/data-table";
import { ItemActions } from "~/components/moderation";

/** A column of an item table: its header and cell. */
export type ItemColumn<R> = { header: string; cell: (row: R) => ReactNode };

/**
 * A staff list's table: the columns, then each item's actions (Approve/Reject while pending, Edit,
 * Delete). One column heads each row (the first unless `rowHeader` says which).
 */
export function ItemTable<R extends { id: string }>({
  items,
  columns,
  rowHeader = 0,
  caption,
  pending,
  actionLabel,
  confirmDelete,
}: {
  items: readonly R[];
  columns: ItemColumn<R>[];
  rowHeader?: number;
  /** For screen readers, where one page has several tables. */
  caption?: string;
  pending?: boolean;
  /** How an item's buttons name it for screen readers. */
  actionLabel: (row: R) => string;
  confirmDelete: string;
}) {
  return (
    <DataTable caption={caption} headers={[...columns.map((column) => column.header), "Actions"]}>
      {items.map((row) => (
        <tr key={row.id}>
          {columns.map((column, index) =>
            index === rowHeader ? (
              <th scope="row" key={column.header}>
                {column.cell(row)}
              </th>
            ) : (
              <td key={column.header}>{column.cell(row)}</td>
            ),
          )}
          <td>
            <ItemActions id={row.id} label={actionLabel(row)} pending={pending} confirmText={confirmDelete} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
