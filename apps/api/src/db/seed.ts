import { and, eq } from "drizzle-orm";
import {
  CREATED_SUMMARY,
  DEFAULT_FINDSPOT_PUBLIC_PRECISION,
  NOT_EVALUATED,
} from "@artifact-atlas/shared";
import { writeImages } from "../services/artifact-images";
import { writePlaces } from "../services/places/places";
import { recordRevision } from "../services/revisions";
import type { AppDatabase } from "./client";
import { artifactImages, artifacts, likes, users } from "./schema";
import { demoArtifacts, demoCurator, demoImage, demoMembers } from "./seed/demo-collection";
import { demoPlaces } from "./seed/demo-places";
import { parsedDateColumns } from "../store/artifact-dates";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

interface DemoAccount {
  name: string;
  email: string;
}

export interface SeedSummary {
  usersAdded: number;
  artifactsAdded: number;
  likesAdded: number;
}

/**
 * Inserts the demo account if its email is new and answers its id and current name. Demo accounts
 * have no password hash and no Google subject, so nobody can sign in as them.
 */
function ensureAccount(tx: Transaction, account: DemoAccount, summary: SeedSummary) {
  const email = account.email.trim().toLowerCase();
  const inserted = tx
    .insert(users)
    .values({ email, name: account.name })
    .onConflictDoNothing({ target: users.email })
    .run();
  summary.usersAdded += inserted.changes;
  const row = tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email))
    .get();
  if (!row) throw new Error(`The demo account ${email} could not be stored.`);
  return row;
}

function seedInto(tx: Transaction): SeedSummary {
  const summary: SeedSummary = { usersAdded: 0, artifactsAdded: 0, likesAdded: 0 };
  const curator = ensureAccount(tx, demoCurator, summary);
  const members = demoMembers.map((member) => ensureAccount(tx, member, summary));

  for (const { likes: likeTotal, ...fields } of demoArtifacts) {
    const existing = tx
      .select({ id: artifacts.id })
      .from(artifacts)
      .where(
        and(eq(artifacts.ownerId, curator.id), eq(artifacts.artifactName, fields.artifactName)),
      )
      .get();
    // An artifact already there keeps whatever happened to it since (edits, likes); its image,
    // still as seeded and never given rights, gets its credit and checked rights (issue 30).
    if (existing) {
      giveRightsToSeededImage(tx, existing.id, demoImage(fields));
      continue;
    }

    const image = demoImage(fields);
    const { id } = tx
      .insert(artifacts)
      .values({
        ...fields,
        ...parsedDateColumns(fields),
        imageRights: image.rights,
        ownerId: curator.id,
        username: curator.name,
      })
      .returning({ id: artifacts.id })
      .get();
    writeImages(tx, id, [image]);
    recordRevision(tx, { artifactId: id, actorId: curator.id, summary: CREATED_SUMMARY });
    // Written for the default floor (the app writes the public points again for its own at start),
    // with the countries recorded beside them: the seed never waits for the gazetteer.
    const places = demoPlaces(fields.artifactName);
    if (places) writePlaces(tx, id, places, DEFAULT_FINDSPOT_PUBLIC_PRECISION);
    summary.artifactsAdded += 1;

    // The triggers of migration 0001 count these into like_count.
    for (const member of members.slice(0, likeTotal)) {
      summary.likesAdded += tx
        .insert(likes)
        .values({ artifactId: id, userId: member.id })
        .onConflictDoNothing()
        .run().changes;
    }
  }
  return summary;
}

/**
 * A demo artifact's first image that is still the seeded one, without rights or credit (as the
 * migration to several images left it), gets the demo image's. Anything a person set stays.
 */
function giveRightsToSeededImage(
  tx: Transaction,
  artifactId: number,
  image: ReturnType<typeof demoImage>,
): void {
  const where = and(
    eq(artifactImages.artifactId, artifactId),
    eq(artifactImages.position, 0),
    eq(artifactImages.url, image.url),
    eq(artifactImages.rights, NOT_EVALUATED),
    eq(artifactImages.credit, ""),
  );
  const changed = tx
    .update(artifactImages)
    .set({ rights: image.rights, credit: image.credit })
    .where(where)
    .run().changes;
  if (changed > 0) {
    tx.update(artifacts)
      .set({ imageRights: image.rights })
      .where(eq(artifacts.id, artifactId))
      .run();
  }
}

/** Adds the demo collection in one transaction; running it again changes nothing. */
export function seedDemoCollection(db: AppDatabase): SeedSummary {
  return db.transaction((tx) => seedInto(tx), { behavior: "immediate" });
}

/** First start only: seeds when the collection is empty, and answers null otherwise. */
export function seedDemoCollectionIfEmpty(db: AppDatabase): SeedSummary | null {
  return db.transaction(
    (tx) => {
      const anyArtifact = tx.select({ id: artifacts.id }).from(artifacts).limit(1).get();
      return anyArtifact ? null : seedInto(tx);
    },
    { behavior: "immediate" },
  );
}
