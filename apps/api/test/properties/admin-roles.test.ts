import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MESSAGES, ROLES, type Role } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Role changes through admin.setRole, in any order, by anyone: the server agrees with a plain model
 * of the rules (only admins change roles; the last admin stays one), the community never loses its
 * last admin, and every change, and only a change, is in the audit log.
 */

const PEOPLE = 4;
let t: TestApp;
let people: SignedInUser[];

beforeAll(async () => {
  t = await createTestApp();
  people = [];
  for (let i = 0; i < PEOPLE; i += 1) people.push(await createUserWithSession(t));
});

afterAll(async () => {
  await t.close();
});

function rolesInDatabase(): Role[] {
  const byId = new Map(
    (t.db.$client.prepare("select id, role from users").all() as { id: number; role: Role }[]).map(
      (row) => [row.id, row.role],
    ),
  );
  return people.map((person) => byId.get(person.id) as Role);
}

const auditCount = () =>
  (t.db.$client.prepare("select count(*) as n from audit_log").get() as { n: number }).n;

const stepArb = fc.record({
  actor: fc.nat({ max: PEOPLE - 1 }),
  target: fc.nat({ max: PEOPLE - 1 }),
  role: fc.constantFrom(...ROLES),
});

it("any sequence of role changes keeps the rules and at least one admin", async () => {
  const outcomes = { changed: 0, same: 0, forbidden: 0, lastAdmin: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom(...ROLES), { minLength: PEOPLE, maxLength: PEOPLE }),
      fc.array(stepArb, { minLength: 1, maxLength: 12 }),
      async (start, steps) => {
        // At least one admin to begin with, as the product guarantees.
        const model: Role[] = start.some((role) => role === "admin")
          ? [...start]
          : ["admin", ...start.slice(1)];
        const update = t.db.$client.prepare("update users set role = ? where id = ?");
        people.forEach((person, i) => update.run(model[i], person.id));
        const auditBefore = auditCount();
        let changes = 0;

        for (const step of steps) {
          const actor = people[step.actor] as SignedInUser;
          const target = people[step.target] as SignedInUser;
          const result = await trpc(
            t.app,
            "mutation",
            "admin.setRole",
            { userId: target.id, role: step.role },
            actor.cookie,
          );
          const admins = model.filter((role) => role === "admin").length;
          if (model[step.actor] !== "admin") {
            expect(result.status).toBe(403);
            outcomes.forbidden += 1;
          } else if (model[step.target] === step.role) {
            expect(result.status).toBe(200);
            outcomes.same += 1;
          } else if (model[step.target] === "admin" && admins === 1) {
            expect(result.status).toBe(409);
            expect(result.error?.message).toBe(MESSAGES.lastAdmin);
            outcomes.lastAdmin += 1;
          } else {
            expect(result.status).toBe(200);
            model[step.target] = step.role;
            changes += 1;
            outcomes.changed += 1;
          }
          expect(rolesInDatabase()).toEqual(model);
          expect(model).toContain("admin");
        }
        expect(auditCount() - auditBefore).toBe(changes);
      },
    ),
    { numRuns: 150 },
  );
  // The generated sequences reached every rule.
  expect(outcomes.changed).toBeGreaterThan(0);
  expect(outcomes.same).toBeGreaterThan(0);
  expect(outcomes.forbidden).toBeGreaterThan(0);
  expect(outcomes.lastAdmin).toBeGreaterThan(0);
});
