import { useEffect, useRef, useState, type FormEvent } from "react";
import { ErrorList } from "~/components/forms";
import { JOIN_MESSAGES, TEACHER_RULES } from "../constants";

/**
 * The teacher rules, which must be accepted before the application form shows.
 *
 * The server renders an open, non-modal <dialog> holding a GET form, so without
 * JavaScript ticking the box and pressing Continue loads /join-us?acceptRules=yes
 * (the form step). With JavaScript it becomes a real modal (showModal: the page
 * behind is inert, focus stays inside) and accepting closes it in place.
 */
export function RulesDialog({ initialError, onAccept }: { initialError: boolean; onAccept: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState(initialError);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checkbox = event.currentTarget.elements.namedItem("acceptRules") as HTMLInputElement;
    if (!checkbox.checked) {
      setError(true);
      checkbox.focus();
      return;
    }
    dialogRef.current?.close();
    onAccept();
  }

  return (
    <dialog
      ref={dialogRef}
      open
      className="join-rules"
      aria-labelledby="join-rules-title"
      aria-describedby="join-rules-intro"
      // The form stays hidden until the rules are accepted: Escape does not dismiss them.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="join-rules-title">Rules for teachers</h2>
      <p id="join-rules-intro">Please read the rules that apply to every teacher before you apply:</p>
      <ul className="join-rules__list">
        {TEACHER_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <form method="get" action="/join-us" noValidate onSubmit={handleSubmit}>
        <input type="hidden" name="step" value="rules" />
        <div className="field field--checkbox">
          <input
            id="join-accept-rules"
            type="checkbox"
            name="acceptRules"
            value="yes"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "join-accept-rules-error" : undefined}
            onChange={(event) => event.currentTarget.checked && setError(false)}
          />
          <label htmlFor="join-accept-rules">I have read and accept the rules for teachers.</label>
        </div>
        <ErrorList id="join-accept-rules-error" errors={error ? [JOIN_MESSAGES.rulesRequired] : null} />
        <p className="join-rules__actions">
          <button type="submit" className="button button--primary">
            Continue to the application
          </button>
        </p>
      </form>
    </dialog>
  );
}
