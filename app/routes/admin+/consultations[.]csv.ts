import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listConsultationsForExport } from "~/features/consultation/consultation.server";
import { consultationsCsv } from "~/features/consultation/csv";
import { InboxQuerySchema } from "~/features/consultation/schema";
import { csvDownload } from "~/lib/csv";
import { requirePermission } from "~/lib/permissions.server";

// GET /admin/consultations.csv?status=&service=&q= : the inbox's filtered list as CSV (admin only).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "consultation:read");
  const query = InboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rows = await listConsultationsForExport(context.db, query);
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(consultationsCsv(rows), `consultations-${day}.csv`);
}
