/** Copies text; answers whether the browser let it (a page not focused or an old browser may not). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
