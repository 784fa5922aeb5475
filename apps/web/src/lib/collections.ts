/** A collection id from the address: a positive whole number, or 0 for anything else. */
export function collectionIdOf(text: string | undefined): number {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && String(id) === text ? id : 0;
}
