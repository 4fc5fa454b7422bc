import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Notices } from "~/components/forms";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { createInvoice, indiaDay } from "~/features/invoices/invoices.server";
import { FORM_LINE_ROWS, InvoiceSchema, invoiceFormPayload } from "~/features/invoices/schema";
import { HttpError, parseApiPayload } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requirePermission } from "~/lib/permissions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "invoice:manage");
  return { due: indiaDay(new Date(Date.now() + 15 * 86_400_000)) };
}

type ActionData = { message: string; errors: Record<string, string[]>; values: Record<string, string> };

// Save a draft, or issue at once (the number is given then, and the client mailed).
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePermission(request, context, "invoice:manage");
  const form = await request.formData();
  try {
    const input = await parseApiPayload(InvoiceSchema, invoiceFormPayload(form));
    const row = await createInvoice(context, actor, input);
    return redirect(`/admin/invoices/${row.id}?done=${input.issue ? "issued" : "saved"}`, 303);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
    return data<ActionData>(
      { message: error.message, errors: (error.extra.errors ?? {}) as Record<string, string[]>, values },
      { status: error.status },
    );
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "New invoice" }));

/** A line's error under its row: the API's `lines.N.unitPaise` is the form's rupee field. */
const lineErrors = (errors: Record<string, string[]>, row: number, field: string) =>
  errors[`lines.${row}.${field === "unitRupees" ? "unitPaise" : field}`];

export default function NewInvoice() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const field = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="field">
      <label htmlFor={`invoice-${name}`}>{label}</label>
      <input
        id={`invoice-${name}`}
        name={name}
        defaultValue={values[name] ?? (props.defaultValue as string | undefined)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`invoice-${name}-error`}
        {...props}
      />
      <ErrorList id={`invoice-${name}-error`} errors={errors[name]} />
    </div>
  );
  return (
    <section aria-labelledby="new-invoice-title">
      <p>
        <Link to="/admin/invoices">← Invoices</Link>
      </p>
      <h1 id="new-invoice-title">New invoice</h1>
      <Notices error={actionData ? actionData.message : null} />
      <Form method="post" aria-labelledby="new-invoice-title" className="invoice-form">
        {field("clientEmail", "Client's email", { type: "email", required: true, autoComplete: "off" })}
        {field("clientName", "Client's name", { required: true })}
        {field("clientAddress", "Client's address (optional)")}
        {field("clientGstin", "Client's GSTIN (optional)")}
        <div className="field">
          <label htmlFor="invoice-taxTreatment">Tax treatment</label>
          <select
            id="invoice-taxTreatment"
            name="taxTreatment"
            defaultValue={values.taxTreatment ?? ""}
            required
            aria-describedby="invoice-taxTreatment-error"
          >
            <option value="" disabled>
              Choose
            </option>
            <option value="unregistered">Not registered under GST</option>
            <option value="gst">GST charged on professional fees</option>
            <option value="reverse-charge">Reverse charge (business client pays the GST)</option>
          </select>
          <ErrorList id="invoice-taxTreatment-error" errors={errors.taxTreatment} />
        </div>
        {field("dueDate", "Due date", { type: "date", required: true, defaultValue: loaderData.due })}
        <fieldset>
          <legend>Lines (blank rows are left out)</legend>
          <ErrorList id="invoice-lines-error" errors={errors.lines} />
          {Array.from({ length: FORM_LINE_ROWS }, (_, row) => (
            <div key={row} className="invoice-line" role="group" aria-label={`Line ${row + 1}`}>
              <div className="field">
                <label htmlFor={`line-${row}-kind`}>Kind</label>
                <select
                  id={`line-${row}-kind`}
                  name={`lines.${row}.kind`}
                  defaultValue={values[`lines.${row}.kind`] ?? "fee"}
                >
                  <option value="fee">Professional fees</option>
                  <option value="court-fee">Court fees</option>
                  <option value="disbursement">Disbursement</option>
                </select>
              </div>
              {(["description", "note", "quantity", "unitRupees"] as const).map((name) => (
                <div key={name} className="field">
                  <label htmlFor={`line-${row}-${name}`}>
                    {
                      {
                        description: "Description",
                        note: "Note (optional)",
                        quantity: "Quantity",
                        unitRupees: "Unit price (₹)",
                      }[name]
                    }
                  </label>
                  <input
                    id={`line-${row}-${name}`}
                    name={`lines.${row}.${name}`}
                    inputMode={name === "quantity" ? "numeric" : name === "unitRupees" ? "decimal" : undefined}
                    defaultValue={values[`lines.${row}.${name}`] ?? (name === "quantity" ? "1" : "")}
                    aria-invalid={lineErrors(errors, row, name) ? true : undefined}
                    aria-describedby={`line-${row}-${name}-error`}
                  />
                  <ErrorList id={`line-${row}-${name}-error`} errors={lineErrors(errors, row, name)} />
                </div>
              ))}
            </div>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="draft" className="button">
          Save as draft
        </button>{" "}
        <button type="submit" name="intent" value="issue" className="button button--primary">
          Issue and mail the client
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
