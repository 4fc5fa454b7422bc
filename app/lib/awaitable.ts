/**
 * A client loader's promise of what its server loader read, for a page that shows its loading state at
 * once on a client-side navigation and then <Await>s it. <Await> shows a failure; the empty catch only
 * stops it counting as an unhandled rejection before it renders.
 */
export function awaitable<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
