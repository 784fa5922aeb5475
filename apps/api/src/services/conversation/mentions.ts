import { sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client";
import { FORMER_MEMBER_EMAIL } from "../former-member";
import type { Member, MentionResolver } from "./markdown";

/*
 * Who an @name names (issue 33): the member whose name it is, in any letter case, read along
 * users_name_lower_idx. Names are not unique: when several members share one, the one who takes
 * part in this discussion (its owner or a commenter) is meant; when that does not decide, no one
 * is, rather than the wrong person.
 */

export function mentionResolver(
  tx: Pick<AppDatabase, "all">,
  discussion: { artifactId: number; ownerId: number },
): MentionResolver {
  return (candidates) => {
    const keys = candidates.map((name) => name.toLowerCase());
    const rows = tx.all<{ id: number; name: string; key: string; takesPart: number }>(sql`
      select id, name, lower(name) as key,
        (id = ${discussion.ownerId} or exists (select 1 from comments
          where artifact_id = ${discussion.artifactId} and author_id = users.id)) as takesPart
      from users
      where lower(name) in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) and email != ${FORMER_MEMBER_EMAIL}`);
    const byKey = new Map<string, typeof rows>();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
    const resolved = new Map<string, Member>();
    for (const [key, members] of byKey) {
      const chosen = members.length === 1 ? members : members.filter((member) => member.takesPart);
      const only = chosen.length === 1 ? chosen[0] : undefined;
      if (only) resolved.set(key, { id: only.id, name: only.name });
    }
    return resolved;
  };
}
