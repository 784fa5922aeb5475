import { existsSync } from "node:fs";
import { ROLES, type Role } from "@artifact-atlas/shared";
import { loadEnv, type Env } from "../env";
import { makeBackup } from "../backups/make";
import { databaseFileOf } from "../backups/records";
import { backupsFolderFor, RestoreRefused, restoreDatabase } from "./backup";
import { pruneImages } from "../services/images/prune";
import { ServiceError } from "../services/errors";
import { createResetLinkByAdmin } from "../services/password-reset";
import { findUserIdByEmail, setRole } from "../services/roles";
import { createImageStore } from "../store/image-store";
import { closeDatabase, openDatabase, type AppDatabase } from "./client";
import { restoreImages } from "./image-backup";
import { migrateDatabase } from "./migrate";
import { seedDemoCollection } from "./seed";

const USAGE = `Usage: tsx src/db/cli.ts <command>

  migrate        apply the pending migrations
  seed           migrate, then add the demo collection (running it again changes nothing)
  backup         write a verified copy of the live database to <database dir>/backups/, and its
                 uploaded images beside it
  restore FILE   put a backup (and its images) in place of the database; stop the server first
  prune-images   remove now the uploaded images that no artifact refers to (an hour after upload)
  role EMAIL ROLE  give an account a role: member, curator or admin (works while the server runs)
  reset-link EMAIL print a one-time password reset link for an account (30 minutes; decision 070)`;

const COMMANDS = [
  "migrate",
  "seed",
  "backup",
  "restore",
  "prune-images",
  "role",
  "reset-link",
] as const;
type Command = (typeof COMMANDS)[number];

function isRole(value: string): value is Role {
  return ROLES.includes(value as Role);
}

function isCommand(value: string | undefined): value is Command {
  return COMMANDS.includes(value as Command);
}

async function restore(file: string, databasePath: string, imagesDir: string): Promise<number> {
  try {
    const result = await restoreDatabase(file, databasePath);
    const images = restoreImages(file, imagesDir);
    console.log(
      `Restored ${result.target} from ${file}: ${result.artifacts} artifacts, ${result.users} ` +
        "accounts. Every session was ended, so everyone signs in again.",
    );
    console.log(`${images} image files put back in ${imagesDir}`);
    if (result.previous) console.log(`The database it replaced is kept at ${result.previous}`);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`Nothing was changed. ${error.message}`);
    return 1;
  }
}

function giveRole(db: AppDatabase, email: string, role: string): number {
  if (!isRole(role)) {
    console.error(`"${role}" is not a role: use ${ROLES.join(", ")}.`);
    return 1;
  }
  const userId = findUserIdByEmail(db, email);
  if (userId === null) {
    console.error(`There is no account with the email ${email}.`);
    return 1;
  }
  try {
    const change = setRole(db, { actorId: null, userId, role, source: "pnpm users:role" });
    console.log(
      change.from === change.to
        ? `${email} is already ${role}.`
        : `${email} is now ${role} (was ${change.from}).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    console.error(`Nothing was changed. ${error.message}`);
    return 1;
  }
}

/** For the only admin, locked out with mail off: the server's shell is the proof of who they are. */
function printResetLink(db: AppDatabase, env: Env, email: string): number {
  const userId = findUserIdByEmail(db, email);
  if (userId === null) {
    console.error(`There is no account with the email ${email}.`);
    return 1;
  }
  try {
    const made = createResetLinkByAdmin(
      { db, env, now: Date.now },
      { actorId: null, userId, requestId: null, source: "pnpm users:reset-link" },
    );
    console.log(made.link);
    console.error(
      `Give this link to the holder of ${email}: it works once, until ${made.expiresAt}. ` +
        "Earlier unused links of the account no longer work.",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    console.error(`No link was made. ${error.message}`);
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  const expectedArgs =
    command === "restore" || command === "reset-link" ? 2 : command === "role" ? 3 : 1;
  if (!isCommand(command) || argv.length !== expectedArgs) {
    console.error(USAGE);
    return 1;
  }

  const env = loadEnv();
  if (command === "restore") return restore(argv[1] as string, env.databasePath, env.imagesDir);
  if (command === "backup" && !existsSync(env.databasePath)) {
    // Opening would create an empty database, and its backup would look like a success.
    console.error(`There is no database at ${env.databasePath} to back up.`);
    return 1;
  }
  const db = openDatabase(env.databasePath);
  try {
    switch (command) {
      case "migrate":
        migrateDatabase(db);
        console.log(`Migrated ${env.databasePath}`);
        break;
      case "seed": {
        migrateDatabase(db);
        const summary = seedDemoCollection(db);
        console.log(
          `Seeded ${env.databasePath}: ${summary.artifactsAdded} artifacts, ` +
            `${summary.usersAdded} accounts and ${summary.likesAdded} likes added`,
        );
        break;
      }
      case "backup": {
        const made = await makeBackup(db, {
          databasePath: env.databasePath,
          imagesDir: env.imagesDir,
          at: new Date(),
          reason: "shell",
        });
        // Only the path, which scripts read; its images are in imagesBackupPathFor(backup).
        console.log(databaseFileOf(backupsFolderFor(env.databasePath), made.name));
        break;
      }
      case "prune-images": {
        migrateDatabase(db);
        const result = await pruneImages(createImageStore(db, { dir: env.imagesDir }));
        const megabytes = (result.bytes / (1024 * 1024)).toFixed(1);
        console.log(
          `Removed ${result.removed} uploaded images that no artifact refers to ` +
            `(${megabytes} MB of masters, derivatives and IIIF tiles), and ` +
            `${result.strays} leftover files, from ${env.imagesDir}`,
        );
        break;
      }
      case "role":
        return giveRole(db, argv[1] as string, argv[2] as string);
      case "reset-link":
        return printResetLink(db, env, argv[1] as string);
    }
    return 0;
  } finally {
    closeDatabase(db);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
