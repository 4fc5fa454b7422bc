/** An invoice as its client and staff read it: parties, lines, totals and the reverse-charge note. */
import { DataTable } from "~/components/data-table";
import { firm } from "~/config/firm";
import { rupees } from "../money";

export type InvoiceDocumentData = {
  invoice: {
    number: string | null;
    status: string;
    clientName: string;
    clientEmail: string;
    clientAddress: string;
    clientGstin: string;
    taxTreatment: string;
    dueDate: string;
    totalPaise: number;
    paidPaise: number;
  };
  lines: {
    id: string;
    kind: string;
    description: string;
    note: string;
    quantity: number;
    unitPaise: number;
    amountPaise: number;
  }[];
  totals: { subtotalPaise: number; taxPaise: number; reverseChargePaise: number };
  balancePaise: number;
};

const KIND: Record<string, string> = {
  fee: "Professional fees",
  "court-fee": "Court fees",
  disbursement: "Disbursement",
};
export const STATUS_LABEL: Record<string, string> = {
  draft: "Draft",
  issued: "Issued",
  "part-paid": "Part paid",
  paid: "Paid",
  void: "Void",
};

export const REVERSE_CHARGE_TEXT =
  "Tax is payable on reverse charge basis: the GST on these services is payable by the recipient.";

export function InvoiceDocument({ data }: { data: InvoiceDocumentData }) {
  const { invoice, lines, totals, balancePaise } = data;
  return (
    <>
      <dl className="invoice-facts">
        <dt>Status</dt>
        <dd>{STATUS_LABEL[invoice.status] ?? invoice.status}</dd>
        <dt>Due date</dt>
        <dd>{invoice.dueDate}</dd>
        <dt>Billed to</dt>
        <dd>
          {invoice.clientName}
          {invoice.clientAddress ? `, ${invoice.clientAddress}` : ""}
          {invoice.clientGstin ? ` (GSTIN ${invoice.clientGstin})` : ""}
        </dd>
        <dt>From</dt>
        <dd>
          {firm.name}
          {firm.invoicing.gstin ? ` (GSTIN ${firm.invoicing.gstin})` : ""}
          {firm.invoicing.pan ? `, PAN ${firm.invoicing.pan}` : ""}
        </dd>
      </dl>
      <DataTable
        wrap="table-scroll"
        caption="Invoice lines"
        headers={["Description", "Quantity", "Unit price", "Amount"]}
      >
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">
              {line.description} <span className="field__hint">({KIND[line.kind] ?? line.kind})</span>
              {line.note ? <span className="field__hint"> {line.note}</span> : null}
            </th>
            <td>{line.quantity}</td>
            <td>{rupees(line.unitPaise)}</td>
            <td>{rupees(line.amountPaise)}</td>
          </tr>
        ))}
      </DataTable>
      <dl className="invoice-totals">
        <dt>Subtotal</dt>
        <dd>{rupees(totals.subtotalPaise)}</dd>
        {invoice.taxTreatment === "gst" ? (
          <>
            <dt>GST {firm.invoicing.gstRatePercent} % on professional fees</dt>
            <dd>{rupees(totals.taxPaise)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd>{rupees(invoice.totalPaise)}</dd>
        <dt>Paid</dt>
        <dd>{rupees(invoice.paidPaise)}</dd>
        <dt>Balance due</dt>
        <dd>
          <strong>{rupees(Math.max(0, balancePaise))}</strong>
        </dd>
      </dl>
      {invoice.taxTreatment === "reverse-charge" ? (
        <p className="notice">
          {REVERSE_CHARGE_TEXT} GST {firm.invoicing.gstRatePercent} %: {rupees(totals.reverseChargePaise)}.
        </p>
      ) : null}
    </>
  );
}
