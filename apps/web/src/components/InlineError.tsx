/**
 * A short failure beside what it is about (an action that did not work, a part that could not
 * load), read out as it appears; nothing while there is none. Its own module: only screens that
 * load on demand use it, so it stays out of the first load.
 */
export function InlineError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-danger">
      {message}
    </p>
  );
}
