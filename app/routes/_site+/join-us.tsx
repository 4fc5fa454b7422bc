import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useRef, useState } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { JoinForm } from "~/features/teachers/components/join-form";
import { RulesDialog } from "~/features/teachers/components/rules-dialog";
import { JOIN_MESSAGES, TEACHER_RULES } from "~/features/teachers/constants";
import { JoinSchema } from "~/features/teachers/schema";
import { assertJoinBodySize, submitApplication } from "~/features/teachers/teachers.server";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import { formErrorReply, HttpError } from "~/lib/http.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import teachersStylesHref from "~/styles/teachers.css?url";
import { logError } from "~/lib/log.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachersStylesHref }];

/**
 * Three steps in the URL, so each works without JavaScript: the rules
 * (/join-us), the form (?acceptRules=yes, what the rules' GET form sends) and
 * the answer after a successful application (?sent=1).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const rulesAccepted = params.get("acceptRules") === "yes";
  return {
    rulesAccepted,
    rulesError: params.get("step") === "rules" && !rulesAccepted,
    sent: params.get("sent") === "1",
    formToken: newFormToken(),
  };
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  let formData: FormData;
  try {
    assertJoinBodySize(request);
    formData = await request.formData();
  } catch (error) {
    const message = error instanceof HttpError ? error.message : "The form could not be read. Please try again.";
    return data<ActionData>(
      { result: { status: "error", error: { "": [message] } } },
      { status: error instanceof HttpError ? error.status : 400 },
    );
  }
  const form = formData;
  // A form sent twice (a double click without JavaScript) stores one application.
  return onceForm(context, form, async () => {
    const submission = parseWithZod(form, { schema: JoinSchema });
    if (submission.status !== "success") {
      return data<ActionData>({ result: submission.reply() }, { status: 400 });
    }
    try {
      await submitApplication(context, request, submission.value);
    } catch (error) {
      if (error instanceof HttpError) {
        const headers: HeadersInit =
          error.status === 429 ? { "Retry-After": String(error.extra.retryAfterSeconds ?? 60) } : {};
        return data<ActionData>(
          { result: submission.reply(formErrorReply(error, JOIN_MESSAGES.failed)) },
          { status: error.status, headers },
        );
      }
      logError(error, { where: "could not store a teacher application" });
      return data<ActionData>({ result: submission.reply({ formErrors: [JOIN_MESSAGES.failed] }) }, { status: 500 });
    }
    // Post/Redirect/Get: reloading the answer must not apply again.
    return redirect("/join-us?sent=1", 303);
  });
}

export default function JoinUs() {
  const { rulesAccepted, rulesError, sent, formToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  // A posted form means the rules were accepted on the way (the server checks again).
  const [accepted, setAccepted] = useState(rulesAccepted || Boolean(actionData));
  const [justAccepted, setJustAccepted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (justAccepted) headingRef.current?.focus();
  }, [justAccepted]);

  return (
    <div className="page page--narrow join">
      <h1>Join Us as a Teacher</h1>
      {sent ? (
        <>
          <p className="alert alert--success" role="status">
            {JOIN_MESSAGES.success}
          </p>
          <p>
            <Link to="/">Back to the home page</Link>
          </p>
        </>
      ) : (
        <>
          <p className="lead">
            Teach with {firm.name}: apply with your qualifications, experience and CV. We review every application and
            reply by email.
          </p>
          {accepted ? (
            <>
              <details className="join-rules-summary">
                <summary>The rules you accepted</summary>
                <ul>
                  {TEACHER_RULES.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              </details>
              <JoinForm ref={headingRef} lastResult={actionData?.result} formToken={formToken} />
            </>
          ) : (
            <RulesDialog
              initialError={rulesError}
              onAccept={() => {
                setAccepted(true);
                setJustAccepted(true);
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Join Us as a Teacher",
    description: `Apply to teach with ${firm.name}: the rules for teachers and the application form.`,
    path: "/join-us",
  }),
);

export const ErrorBoundary = RouteErrorBoundary;
