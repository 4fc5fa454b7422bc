import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { QuizEditor } from "~/features/quiz/components/quiz-editor";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { getQuizForEditor, updateQuiz } from "~/features/quiz/quiz.server";
import { QUIZ_MESSAGES, QuizInputSchema } from "~/features/quiz/schema";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  try {
    return { quiz: await getQuizForEditor(context, user, params.id ?? "") };
  } catch (error) {
    // 'Error loading quiz', then back to the manage page.
    if (error instanceof HttpError) throw redirect("/quiz/manage?error=load");
    throw error;
  }
}

type ActionData = { result: SubmissionResult<string[]>; message?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  const submission = parseWithZod(await request.formData(), { schema: QuizInputSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  try {
    await updateQuiz(context, user, params.id ?? "", submission.value);
  } catch (error) {
    if (error instanceof HttpError) {
      // A refused field (a question id that is not this quiz's) is named, and a save refused because
      // someone else saved the quiz meanwhile says so (the values stay, the version too: a second
      // click is refused again until the quiz is opened again); anything else is the generic words.
      const named = (error.status === 400 && error.extra.errors) || error.status === 409;
      const formErrors = named ? [error.message] : ["❌ Error updating quiz"];
      return Response.json({ result: submission.reply({ formErrors }) }, { status: error.status });
    }
    throw error;
  }
  // The form starts again from the quiz as saved (the loader runs again): a question added here gets
  // its id, so saving again updates it rather than adding it a second time.
  return { result: submission.reply({ resetForm: true }), message: QUIZ_MESSAGES.updated };
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Edit Quiz" }));

export default function EditQuiz() {
  const { quiz } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <div className="page page--narrow">
      <h1>Edit Quiz</h1>
      <FormMessage success={actionData?.message} />
      <p>Results of attempts already made keep the questions they were taken with.</p>
      {/* A new form whenever the saved quiz changes, so with JavaScript too it shows the quiz as saved. */}
      <QuizEditor
        key={JSON.stringify(quiz)}
        defaultValue={quiz}
        lastResult={actionData?.result}
        submitLabel="Save changes"
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
