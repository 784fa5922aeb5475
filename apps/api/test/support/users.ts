import type { Role, SessionUser } from "@artifact-atlas/shared";
import { users } from "../../src/db/schema";
import type { TestApp } from "./app";

export interface SignedInUser extends SessionUser {
  /** The Cookie header value of a live session ("atlas_session=<token>"). */
  cookie: string;
}

let counter = 0;

/**
 * A user row and a real session for it, without the signup procedure: tests of other features
 * then do not depend on signup's rules or rate limits.
 */
export async function createUserWithSession(
  testApp: TestApp,
  account: { email?: string; name?: string; role?: Role } = {},
): Promise<SignedInUser> {
  counter += 1;
  const email = (account.email ?? `member${counter}@example.com`).toLowerCase();
  const name = account.name ?? `Member ${counter}`;
  const role = account.role ?? "member";
  const { id } = testApp.db
    .insert(users)
    .values({ email, name, role })
    .returning({ id: users.id })
    .get();
  const cookie = await testApp.app.deps.sessions.create(id);
  return { id, email, name, photoUrl: null, role, cookie: `${cookie.name}=${cookie.value}` };
}
