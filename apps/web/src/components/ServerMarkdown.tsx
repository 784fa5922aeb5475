/**
 * Markdown that the server rendered from the safe subset and sanitised
 * (apps/api/src/services/conversation/markdown.ts): a comment's body, a collection's description.
 * The one place the web app opts out of React's escaping; test/security/stored-script.test.ts
 * holds it to that.
 */
export function ServerMarkdown({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
