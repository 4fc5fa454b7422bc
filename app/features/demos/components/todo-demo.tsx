import { useId, useReducer, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

type Todo = { id: number; text: string; done: boolean };
type TodoAction =
  | { type: "add"; text: string }
  | { type: "toggle"; id: number }
  | { type: "remove"; id: number }
  | { type: "clearDone" };

const INITIAL: Todo[] = [
  { id: 1, text: "Read the client's notice", done: true },
  { id: 2, text: "Draft the reply", done: false },
];

export function todoReducer(todos: Todo[], action: TodoAction): Todo[] {
  switch (action.type) {
    case "add": {
      const text = action.text.trim();
      if (!text) return todos;
      const id = todos.reduce((max, todo) => Math.max(max, todo.id), 0) + 1;
      return [...todos, { id, text, done: false }];
    }
    case "toggle":
      return todos.map((todo) => (todo.id === action.id ? { ...todo, done: !todo.done } : todo));
    case "remove":
      return todos.filter((todo) => todo.id !== action.id);
    case "clearDone":
      return todos.filter((todo) => !todo.done);
  }
}

/** A small to-do list whose state is one useReducer. */
export function TodoDemo() {
  const hydrated = useHydrated();
  const [todos, dispatch] = useReducer(todoReducer, INITIAL);
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const remaining = todos.filter((todo) => !todo.done).length;
  return (
    <section aria-labelledby="todo-title" className="quiz-demo">
      <h2 id="todo-title">My tasks</h2>
      {hydrated ? null : (
        <p className="notice" role="note">
          This demo runs in your browser. Please turn on JavaScript to add and tick off tasks.
        </p>
      )}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: "add", text: draft });
          setDraft("");
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>New task</label>
          <input
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            disabled={!hydrated}
            maxLength={120}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={!hydrated}>
          Add
        </button>
      </form>
      <p aria-live="polite">
        {remaining} of {todos.length} tasks left
      </p>
      {todos.length === 0 ? (
        <p>Nothing to do. Add a task above.</p>
      ) : (
        <ul className="todo-list">
          {todos.map((todo) => (
            <li key={todo.id}>
              <label className={todo.done ? "done" : undefined}>
                <input
                  type="checkbox"
                  checked={todo.done}
                  disabled={!hydrated}
                  onChange={() => dispatch({ type: "toggle", id: todo.id })}
                />
                {todo.text}
              </label>
              <button
                type="button"
                className="button button--ghost"
                disabled={!hydrated}
                onClick={() => dispatch({ type: "remove", id: todo.id })}
                aria-label={`Delete "${todo.text}"`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--ghost"
        disabled={!hydrated}
        onClick={() => dispatch({ type: "clearDone" })}
      >
        Clear completed
      </button>
    </section>
  );
}
