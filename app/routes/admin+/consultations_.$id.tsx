import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { Notices, SubmitOnceForm } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { formatReceived, getConsultation } from "~/features/consultation/consultation.server";
import { telHref, whatsappHref } from "~/features/consultation/contact-links";
import { StatusOptions } from "~/features/consultation/components/status-options";
import { NOTE_MAX } from "~/features/consultation/schema";
import { safeRedirectPath } from "~/lib/auth.server";
import { requirePermission } from "~/lib/permissions.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import consultationStylesHref from "~/styles/consultation.css?url";

// The status form posts to the inbox's action (one place that changes a status), which brings the
// browser back here with ?done=status, or answers a refusal this page shows in the form.
import { action, shouldRevalidate, type StatusChangeRefusal } from "./consultations";
export { action, shouldRevalidate };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: consultationStylesHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "consultation:read");
  const found = await getConsultation(context.db, params.id ?? "");
  if (!found) throw new Response("Not Found", { status: 404, statusText: "This request does not exist." });
  const { request: item, history } = found;
  const url = new URL(request.url);
  // The inbox page (with its filters) to go back to.
  const back = safeRedirectPath(url.searchParams.get("back"), "/admin/consultations");
  return {
    item: {
      id: item.id,
      name: item.name,
      email: item.email,
      phone: item.phone,
      tel: telHref(item.phone),
      whatsapp: whatsappHref(item.phone),
      service: item.service,
      message: item.message,
      channel: item.source,
      sourcePage: item.sourcePage,
      utm: item.utm,
      userAgent: item.userAgent,
      status: item.status,
      notifyStatus: item.notifyStatus,
      received: formatReceived(item.createdAt),
      receivedIso: item.createdAt.toISOString(),
    },
    history: history.map((change) => ({
      id: change.id,
      from: change.fromStatus,
      to: change.toStatus,
      note: change.note,
      by: change.changedBy ? change.changedBy.fullName : "(a deleted account)",
      when: formatReceived(change.createdAt),
      whenIso: change.createdAt.toISOString(),
    })),
    saved: url.searchParams.get("done") === "status",
    back: back.startsWith("/admin/consultations") ? back : "/admin/consultations",
  };
}

export default function ConsultationDetail() {
  const { item, history, saved, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A refused change keeps the chosen status and the typed note (without JavaScript the page is new).
  const refusal: StatusChangeRefusal | undefined = answer?.id === item.id ? answer : undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const self = `/admin/consultations/${item.id}${back !== "/admin/consultations" ? `?back=${encodeURIComponent(back)}` : ""}`;
  return (
    <div className="page inbox-detail">
      <p>
        <Link to={back}>← All requests</Link>
      </p>
      <h1>Request from {item.name}</h1>
      <Notices success={saved ? `Status saved: ${item.status}.` : null} />
      <dl className="inbox-detail__facts">
        <dt>Received</dt>
        <dd>
          <time dateTime={item.receivedIso}>{item.received}</time>
        </dd>
        <dt>Practice area</dt>
        <dd>{item.service}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge badge--${item.status}`}>{item.status}</span>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${item.email}`}>{item.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={item.tel}>{item.phone}</a> ·{" "}
          <a href={item.whatsapp} rel="noopener noreferrer" target="_blank">
            WhatsApp
          </a>
        </dd>
        <dt>Channel</dt>
        <dd>{item.channel === "api" ? "API" : "Website form"}</dd>
        <dt>Source page</dt>
        <dd>{item.sourcePage ?? "(not known)"}</dd>
        <dt>Campaign (UTM)</dt>
        <dd>
          {item.utm ? (
            <ul className="inbox-detail__utm">
              {Object.entries(item.utm).map(([key, value]) => (
                <li key={key}>
                  {key}: {value}
                </li>
              ))}
            </ul>
          ) : (
            "(none)"
          )}
        </dd>
        <dt>Notification</dt>
        <dd>
          <span className={`badge badge--${item.notifyStatus}`}>{item.notifyStatus}</span>
        </dd>
      </dl>

      <h2>Message</h2>
      {item.message ? (
        <div className="inbox-detail__message" data-testid="consultation-message">
          {item.message}
        </div>
      ) : (
        <p className="field__hint">(no message)</p>
      )}

      <h2>Change the status</h2>
      <SubmitOnceForm method="post" className="form card inbox-detail__status">
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="from" value={item.status} />
        <input type="hidden" name="returnTo" value={self} />
        <div className="field">
          <label htmlFor="detail-status">Status</label>
          <select
            id="detail-status"
            name="status"
            defaultValue={refusal?.values.status || item.status}
            key={item.status}
          >
            <StatusOptions />
          </select>
        </div>
        <div className="field">
          <label htmlFor="detail-note">Internal note (optional; staff only)</label>
          <textarea
            id="detail-note"
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            defaultValue={refusal?.values.note}
            key={history.length}
          />
        </div>
        <p>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Saving…" : "Save status"}
          </button>
        </p>
        {/* Below the button, so nothing above it moves when the message appears or clears. */}
        <p className="field__error" role="alert">
          {refusal?.message ?? ""}
        </p>
      </SubmitOnceForm>

      <h2>Status history</h2>
      <DataTable caption="Status history, oldest first" headers={["When", "Who", "Change", "Note"]}>
        <tr>
          <td>
            <time dateTime={item.receivedIso}>{item.received}</time>
          </td>
          <td>{item.name} (visitor)</td>
          <td>Received as new</td>
          <td />
        </tr>
        {history.map((change) => (
          <tr key={change.id}>
            <td>
              <time dateTime={change.whenIso}>{change.when}</time>
            </td>
            <td>{change.by}</td>
            <td>{change.from === change.to ? `Note (${change.to})` : `${change.from} → ${change.to}`}</td>
            <td className="inbox-detail__note">{change.note}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data }) =>
  pageMeta({ title: data ? `Request from ${data.item.name}` : "Consultation request" }),
);

export const ErrorBoundary = RouteErrorBoundary;
