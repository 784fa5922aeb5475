/**
 * A collection that can be followed and tells its followers of additions (issue 33): curated,
 * public or unlisted, not hidden and not in the trash. A follower sees its title, hears of it and
 * finds it in the digest only while this holds. SQL over the `collections` table.
 */
export const FOLLOWABLE_COLLECTION = `collections.kind = 'curated'
  and collections.visibility in ('public', 'unlisted')
  and collections.status = 'published' and collections.deleted_at is null`;
