import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    PUBLIC_ORIGIN: z.url().optional(),
    DATABASE_PATH: z.string().min(1).default("data/artifact-atlas.db"),
    WEB_DIST_PATH: z.string().min(1).default("apps/web/dist"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    SEED_DEMO_COLLECTION: booleanFlag.default(true),
    TRUST_PROXY: booleanFlag.default(false),
    /** Extra origins allowed to send writes, e.g. the Vite dev server. Comma-separated. */
    DEV_ORIGINS: z.string().default(""),
  })
  .transform((env) => {
    const publicOrigin = new URL(env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).origin;
    return {
      nodeEnv: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      publicOrigin,
      databasePath: env.DATABASE_PATH,
      webDistPath: env.WEB_DIST_PATH,
      logLevel: env.LOG_LEVEL,
      seedDemoCollection: env.SEED_DEMO_COLLECTION,
      trustProxy: env.TRUST_PROXY,
      allowedOrigins: [
        publicOrigin,
        ...env.DEV_ORIGINS.split(",")
          .map((origin) => origin.trim())
          .filter(Boolean)
          .map((origin) => new URL(origin).origin),
      ],
      secureCookies: publicOrigin.startsWith("https:"),
    };
  });

export type Env = z.output<typeof envSchema>;

/** The only reader of process.env: validates once and explains every problem before anything starts. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration. Fix these environment variables:\n${problems}`);
  }
  return result.data;
}
