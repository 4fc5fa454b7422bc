import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { QuizEditor } from "~/features/quiz/components/quiz-editor";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { createQuiz } from "~/features/quiz/quiz.server";
import { QuizInputSchema } from "~/features/quiz/schema";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireQuizStaff(request, context);
  return { formToken: newFormToken() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  const form = await request.formData();
  // Once per form token: a double click or a resend creates one quiz (the intents below free it).
  return onceForm(context, form, async () => {
    const submission = parseWithZod(form, { schema: QuizInputSchema });
    // Also the add/remove/move intents: the reply carries the changed list back.
    if (submission.status !== "success") return Response.json({ result: submission.reply() });
    try {
      await createQuiz(context, user, submission.value);
    } catch (error) {
      if (error instanceof HttpError) {
        return Response.json(
          { result: submission.reply({ formErrors: [`❌ Error creating quiz: ${error.message}`] }) },
          { status: error.status },
        );
      }
      throw error;
    }
    return redirect("/quiz/manage?created=1");
  });
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Create Quiz" }));

export default function CreateQuiz() {
  const { formToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <div className="page page--narrow">
      <h1>Create Quiz</h1>
      <p>
        Each question has four options and one correct option. The quiz's time limit is its total time, or the sum of
        its questions' minutes when none is given.
      </p>
      <QuizEditor lastResult={actionData?.result} submitLabel="Create quiz" formToken={formToken} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
