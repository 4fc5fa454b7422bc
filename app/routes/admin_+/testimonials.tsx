import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { TESTIMONIAL_MESSAGES, TestimonialFormSchema } from "~/features/testimonials/schema";
import { testimonialPublishing } from "~/features/testimonials/testimonial-editor.server";
import { moderationPageAction, moderationPageData } from "~/features/moderation/index.server";
import { useItemForm } from "~/components/item-form";
import { TextArea, TextField } from "~/components/conform-fields";
import { ModerationScreen, PublishableForm } from "~/features/moderation";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export const loader = (args: LoaderFunctionArgs) =>
  moderationPageData(args, testimonialPublishing, (row) => ({
    name: row.clientName,
    href: row.status === "published" ? "/testimonial" : null,
  }));

export const action = (args: ActionFunctionArgs) =>
  moderationPageAction(args, testimonialPublishing, {
    schema: TestimonialFormSchema,
    basePath: "/admin/testimonials",
    failed: { create: "Failed to add testimonial", update: "Failed to update testimonial" },
  });

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Testimonials" }));

type Testimonial = NonNullable<Awaited<ReturnType<typeof useLoaderData<typeof loader>>>["editing"]>;

function TestimonialForm({
  formToken,
  editing,
  lastResult,
}: {
  editing: Testimonial | null;
  lastResult?: SubmissionResult<string[]>;
  formToken: string;
}) {
  const [form, fields] = useItemForm(TestimonialFormSchema, {
    idPrefix: "testimonial",
    editing,
    lastResult,
    defaultValue: editing
      ? {
          clientName: editing.clientName,
          message: editing.message,
          submittedBy: editing.submittedBy ?? "",
          photoUrl: editing.photo?.startsWith("https://") ? editing.photo : "",
        }
      : undefined,
  });
  return (
    <PublishableForm
      form={form}
      noun="testimonial"
      editing={editing ? { id: editing.id, image: editing.photo } : null}
      formToken={formToken}
      image={{
        fileField: "photo",
        current: "Current photo",
        file: "Photo (JPEG, PNG, WebP or GIF, up to 5 MB)",
        link: "…or a photo link (https://)",
        remove: "Remove the photo (the placeholder shows instead)",
      }}
      imageUrl={fields.photoUrl}
      removeImage={fields.removeImage}
      submitLabel={editing ? "Update testimonial" : "Submit testimonial"}
      cancelTo="/admin/testimonials"
    >
      <TextField field={fields.clientName} label="Client name" />
      <TextArea field={fields.message} label="Testimonial" rows={5} />
      <TextField field={fields.submittedBy} label="Submitted by (optional)" />
    </PublishableForm>
  );
}

export default function ManageTestimonials() {
  const data = useLoaderData<typeof loader>();
  return (
    <ModerationScreen
      title="Manage Testimonials"
      basePath="/admin/testimonials"
      texts={{
        singular: "testimonial",
        plural: "testimonials",
        savedWhat: "Testimonial of",
        messages: TESTIMONIAL_MESSAGES,
        newPrompt: "Share your experience; the firm reviews testimonials before they are published.",
      }}
      data={data}
      columns={[
        { header: "Client", cell: (item) => item.clientName },
        {
          header: "Testimonial",
          cell: (item) => (item.message.length > 140 ? `${item.message.slice(0, 140)}…` : item.message),
        },
        { header: "Status", cell: (item) => item.status },
      ]}
      nameOf={(item) => item.clientName}
      actionLabel={(item) => `testimonial of ${item.clientName}`}
      form={({ formKey, editing, lastResult }) => (
        <TestimonialForm key={formKey} formToken={data.formToken} editing={editing} lastResult={lastResult} />
      )}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
