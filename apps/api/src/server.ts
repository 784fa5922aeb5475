import { buildApp } from "./app";
import { closeDatabase, openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { seedDemoCollectionIfEmpty } from "./db/seed";
import { loadEnv } from "./env";

/** Starts the product: configuration, database, migrations, first-run seed, then listen. */
async function main(): Promise<void> {
  const env = loadEnv();
  const db = openDatabase(env.databasePath);
  migrateDatabase(db);
  if (env.seedDemoCollection) seedDemoCollectionIfEmpty(db);

  const app = await buildApp({ env, db });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    // close() stops accepting connections and waits for in-flight requests.
    await app.close();
    closeDatabase(db);
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ port: env.port, host: env.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
