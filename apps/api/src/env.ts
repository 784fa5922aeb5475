import { isIP } from "node:net";
import { dirname, join } from "node:path";
import { z } from "zod";
import {
  DEFAULT_FINDSPOT_PUBLIC_PRECISION,
  PLACE_PRECISIONS,
  REVIEW_MODES,
} from "@artifact-atlas/shared";
import {
  DEFAULT_BACKUP_SCHEDULE,
  parseBackupSchedule,
  type BackupSchedule,
} from "./backups/schedule";
import { parseKeepPolicy, type KeepPolicy } from "./backups/rotation";

/**
 * A client's server time a minute by default: a twelfth of a core, so that several clients at their
 * budget still leave the event loop most of its time. Browsing costs a few ms a page.
 */
export const DEFAULT_WORK_BUDGET_MS_PER_MINUTE = 5_000;

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** An unset or blank variable counts as missing: .env.example lists the optional ones empty. */
const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const optionalSecret = z.preprocess(blankAsMissing, z.string().trim().optional());
const httpUrlOr = (fallback: string) =>
  z.preprocess(blankAsMissing, z.url({ protocol: /^https?$/ }).default(fallback));

/**
 * The one reader of an origin setting (PUBLIC_ORIGIN, DEV_ORIGINS, CORS_ORIGINS): an http: or https:
 * URL, reduced to scheme://host:port. Anything else is refused by name, above all the opaque origin
 * "null" that "localhost:5173" parses to (scheme "localhost:"), which sandboxed frames and
 * file:// pages send and which must never be trusted to write.
 */
function parseOrigin(entry: string): string | null {
  const url = URL.canParse(entry) ? new URL(entry) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.origin === "null") {
    return null;
  }
  return url.origin;
}

const LOOPBACK_TWINS = new Map([
  ["localhost", "127.0.0.1"],
  ["127.0.0.1", "localhost"],
]);

/**
 * A public origin on this machine has two names: http://localhost:3000, the default and the
 * README's, and http://127.0.0.1:3000, which the start log prints (HOST). Both are the same site,
 * so each allows the other (issue 29: every write from the printed address was refused). Null for
 * any other origin.
 */
export function loopbackTwin(origin: string): string | null {
  const url = new URL(origin);
  const twinHost = LOOPBACK_TWINS.get(url.hostname);
  if (!twinHost) return null;
  url.hostname = twinHost;
  return url.origin;
}

const notAnOrigin = (entry: string) => `"${entry}" is not an origin such as https://example.org`;

/** One origin; blank counts as unset. */
const origin = z.preprocess(
  blankAsMissing,
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const parsed = parseOrigin(value);
      if (parsed === null) ctx.addIssue({ code: "custom", message: notAnOrigin(value) });
      return parsed ?? "";
    })
    .optional(),
);

/** A comma-separated list of origins (blank entries ignored). */
const originList = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const entry of value.split(",").map((item) => item.trim())) {
      if (!entry) continue;
      const parsed = parseOrigin(entry);
      if (parsed === null) ctx.addIssue({ code: "custom", message: notAnOrigin(entry) });
      else origins.push(parsed);
    }
    return origins;
  });

/** An IP address, or a CIDR range such as 10.0.0.0/8 or fd00::/8. */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

/**
 * Where outgoing mail goes: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the
 * first byte), with the user and password in the URL when the server wants them. Blank: mail off.
 */
const smtpUrl = z.preprocess(
  blankAsMissing,
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
      message:
        "must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.org:465",
    })
    .optional(),
);

/** The sender of outgoing mail: an address, or a name and an address ("Atlas <atlas@example.org>"). */
const mailFrom = z.preprocess(
  blankAsMissing,
  z
    .string()
    .trim()
    .refine((value) => /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value), {
      message:
        'must be an address such as atlas@example.org or "Artifact Atlas <atlas@example.org>"',
    })
    .optional(),
);

const SET_PROXY_ADDRESSES =
  "set the addresses of the proxies in front of Atlas instead (e.g. 127.0.0.1,::1 for a proxy on this machine, or 10.0.0.0/8)";

/**
 * The reverse proxies whose X-Forwarded-For hops are believed, in the form Fastify's trustProxy
 * takes: false (none: the connection's address is the client), or the proxies' addresses and
 * ranges. From the end of the header, hops written by these are skipped; the first other address
 * is the client. "true" is refused: it believes every hop, so any client could write an address
 * of its choosing and escape the rate limits. So is a hop count: it cannot tell a proxy from a
 * client that connects directly, and Fastify 5 ignores it (trusts nothing) for that reason.
 */
const trustProxy = z.preprocess(
  blankAsMissing,
  z
    .string()
    .trim()
    .default("false")
    .transform((value, ctx): false | string[] => {
      if (value === "false" || value === "0") return false;
      if (value === "true") {
        ctx.addIssue({
          code: "custom",
          message: `true would believe every X-Forwarded-For hop, so any client could choose its address; ${SET_PROXY_ADDRESSES}`,
        });
        return false;
      }
      if (/^\d+$/.test(value)) {
        ctx.addIssue({
          code: "custom",
          message: `a number of proxies cannot tell a proxy from a client that connects directly; ${SET_PROXY_ADDRESSES}`,
        });
        return false;
      }
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== "");
      for (const entry of entries) {
        if (!isAddressOrRange(entry)) {
          ctx.addIssue({
            code: "custom",
            message: `"${entry}" is not an IP address or a range such as 10.0.0.0/8`,
          });
        }
      }
      return entries.length > 0 ? entries : false;
    }),
);

/** A comma-separated list of addresses and ranges (METRICS_ALLOW). */
const addressList = z
  .string()
  .default("127.0.0.1,::1")
  .transform((value, ctx) => {
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      if (!isAddressOrRange(entry)) {
        ctx.addIssue({ code: "custom", message: `"${entry}" is not an IP address or a range` });
      }
    }
    return entries;
  });

/** BACKUP_SCHEDULE: a cron expression, or off (null). */
const backupSchedule = z.preprocess(
  blankAsMissing,
  z
    .string()
    .default(DEFAULT_BACKUP_SCHEDULE)
    .transform((value, ctx): BackupSchedule | null => {
      if (value.trim() === "off") return null;
      const parsed = parseBackupSchedule(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return null;
      }
      return parsed;
    }),
);

const keepPolicy = z.preprocess(
  blankAsMissing,
  z
    .string()
    .default("7 daily, 4 weekly, 12 monthly")
    .transform((value, ctx): KeepPolicy => {
      const parsed = parseKeepPolicy(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return { daily: 0, weekly: 0, monthly: 0 };
      }
      return parsed;
    }),
);

/** Where backups are sent (BACKUP_TARGET), as parsed from its URL. */
export type BackupTargetConfig =
  | { kind: "s3"; bucket: string; prefix: string }
  | { kind: "sftp"; host: string; port: number; username: string; folder: string };

const backupTarget = z.preprocess(
  blankAsMissing,
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): BackupTargetConfig | null => {
      if (value === undefined) return null;
      const url = URL.canParse(value) ? new URL(value) : null;
      if (url?.protocol === "s3:" && url.hostname) {
        return { kind: "s3", bucket: url.hostname, prefix: url.pathname.replace(/^\/+|\/+$/g, "") };
      }
      if (url?.protocol === "sftp:" && url.hostname && url.username && !url.password) {
        return {
          kind: "sftp",
          host: url.hostname.replace(/^\[|\]$/g, ""),
          port: url.port ? Number(url.port) : 22,
          username: decodeURIComponent(url.username),
          // sftp://host/backups is relative to the home folder; sftp://host//srv/backups absolute.
          folder: decodeURIComponent(url.pathname.replace(/^\//, "")) || ".",
        };
      }
      ctx.addIssue({
        code: "custom",
        message:
          "must be s3://bucket/prefix or sftp://user@host:port/folder (a key file, never a password: BACKUP_SFTP_KEY)",
      });
      return null;
    }),
);

/** A comma-separated list of email addresses (blank entries ignored), stored lower-case. */
const emailList = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const emails: string[] = [];
    for (const entry of value.split(",").map((item) => item.trim().toLowerCase())) {
      if (!entry) continue;
      if (z.email().safeParse(entry).success) emails.push(entry);
      else ctx.addIssue({ code: "custom", message: `"${entry}" is not an email address` });
    }
    return emails;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    PUBLIC_ORIGIN: origin,
    DATABASE_PATH: z.string().min(1).default("data/artifact-atlas.db"),
    /** Where uploaded images are kept; an "images" folder beside the database when unset. */
    IMAGES_DIR: z.preprocess(blankAsMissing, z.string().min(1).optional()),
    /** What one account's uploaded images may take on disk, in MB (issue 28). */
    IMAGE_QUOTA_MB: z.preprocess(blankAsMissing, z.coerce.number().int().min(1).default(500)),
    WEB_DIST_PATH: z.string().min(1).default("apps/web/dist"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    SEED_DEMO_COLLECTION: booleanFlag.default(true),
    /** The reverse proxies in front of the server: false, or their addresses and ranges. */
    TRUST_PROXY: trustProxy,
    /** Artifact and like writes one signed-in user may make per minute (a burst of as many is fine). */
    WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /**
     * Milliseconds of the server's time one client (an account, or an address for visitors) may
     * use a minute: each tRPC call and REST request is charged what it took (work-budget.ts).
     */
    WORK_BUDGET_MS_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(100)
      .default(DEFAULT_WORK_BUDGET_MS_PER_MINUTE),
    /** Extra origins allowed to send writes, e.g. the Vite dev server. Comma-separated. */
    DEV_ORIGINS: originList,
    /**
     * Other sites whose browser clients may call the REST API with the visitor's cookie (CORS with
     * credentials). Comma-separated; like DEV_ORIGINS they may also send writes.
     */
    CORS_ORIGINS: originList,
    /** Google sign-in (docs/google-sign-in.md): both or neither; without them it is turned off. */
    /** Accounts made admins at every start (issue 17); pnpm users:role does it on a live database. */
    ADMIN_EMAILS: emailList,
    /** post: a member's work is published at once and reviewed after; pre: reviewed before (issue 17). */
    REVIEW_MODE: z.enum(REVIEW_MODES).default("post"),
    /** The finest a findspot is shown to anyone but its owner and curators (issue 31). */
    FINDSPOT_PUBLIC_PRECISION: z.preprocess(
      blankAsMissing,
      z.enum(PLACE_PRECISIONS).default(DEFAULT_FINDSPOT_PUBLIC_PRECISION),
    ),
    /** Raster tiles for the map instead of the offline base map (issue 31): {z}, {x} and {y} in it. */
    MAP_TILE_URL: z.preprocess(
      blankAsMissing,
      z
        .url({ protocol: /^https?$/ })
        .refine(
          (url) => ["{z}", "{x}", "{y}"].every((part) => url.includes(part)),
          "MAP_TILE_URL must hold {z}, {x} and {y}.",
        )
        .optional(),
    ),
    /** Who the tiles are by, shown on the map (required by OpenStreetMap's tile policy). */
    MAP_TILE_ATTRIBUTION: z.preprocess(blankAsMissing, z.string().max(300).optional()),
    GOOGLE_CLIENT_ID: optionalSecret,
    GOOGLE_CLIENT_SECRET: optionalSecret,
    GOOGLE_AUTHORIZATION_ENDPOINT: httpUrlOr("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_ENDPOINT: httpUrlOr("https://oauth2.googleapis.com/token"),
    GOOGLE_ISSUER: httpUrlOr("https://accounts.google.com"),
    /** Set by systemd for a Type=notify service: where the server says READY=1 and WATCHDOG=1. */
    NOTIFY_SOCKET: z.preprocess(blankAsMissing, z.string().min(1).optional()),
    /** Set by systemd when the unit has WatchdogSec: the timeout, in microseconds. */
    WATCHDOG_USEC: z.preprocess(blankAsMissing, z.coerce.number().int().positive().optional()),
    /** Scheduled backups (issue 35): a cron expression in local time, or off. */
    BACKUP_SCHEDULE: backupSchedule,
    /** How many scheduled backups are kept: "7 daily, 4 weekly, 12 monthly". */
    BACKUP_KEEP: keepPolicy,
    /** Where every backup is also sent: s3://bucket/prefix or sftp://user@host:port/folder. */
    BACKUP_TARGET: backupTarget,
    /** Another S3-compatible service's endpoint (https://s3.example.net); AWS when unset. */
    BACKUP_S3_ENDPOINT: z.preprocess(blankAsMissing, z.url({ protocol: /^https?$/ }).optional()),
    AWS_REGION: z.preprocess(blankAsMissing, z.string().trim().default("us-east-1")),
    AWS_ACCESS_KEY_ID: optionalSecret,
    AWS_SECRET_ACCESS_KEY: optionalSecret,
    AWS_SESSION_TOKEN: optionalSecret,
    /** The private key file for an sftp:// target, and the server's host key fingerprint. */
    BACKUP_SFTP_KEY: z.preprocess(blankAsMissing, z.string().min(1).optional()),
    BACKUP_SFTP_HOST_KEY: z.preprocess(
      blankAsMissing,
      z
        .string()
        .trim()
        .regex(
          /^SHA256:[A-Za-z0-9+/]{43}$/,
          "must be a fingerprint as ssh-keygen -lf prints it (SHA256:...)",
        )
        .optional(),
    ),
    /** Who may read /metrics: addresses and ranges, by the one client-address rule. */
    METRICS_ALLOW: addressList,
    /** Outgoing mail (password reset links): both or neither; without them mail is off. */
    SMTP_URL: smtpUrl,
    MAIL_FROM: mailFrom,
  })
  .superRefine((env, ctx) => {
    /** Two settings that work only together: the one missing is named. */
    const bothOrNeither = (first: keyof typeof env, second: keyof typeof env, message: string) => {
      if (Boolean(env[first]) !== Boolean(env[second])) {
        ctx.addIssue({ code: "custom", path: [env[first] ? second : first], message });
      }
    };
    bothOrNeither(
      "GOOGLE_CLIENT_ID",
      "GOOGLE_CLIENT_SECRET",
      "Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; set both, or neither to turn it off",
    );
    if (env.BACKUP_TARGET?.kind === "sftp" && !(env.BACKUP_SFTP_KEY && env.BACKUP_SFTP_HOST_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.BACKUP_SFTP_KEY ? "BACKUP_SFTP_HOST_KEY" : "BACKUP_SFTP_KEY"],
        message:
          "an sftp:// BACKUP_TARGET needs BACKUP_SFTP_KEY (a private key file) and BACKUP_SFTP_HOST_KEY (the server's fingerprint)",
      });
    }
    bothOrNeither(
      "AWS_ACCESS_KEY_ID",
      "AWS_SECRET_ACCESS_KEY",
      "set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither",
    );
    bothOrNeither(
      "SMTP_URL",
      "MAIL_FROM",
      "outgoing mail needs both SMTP_URL and MAIL_FROM; set both, or neither to turn mail off",
    );
  })
  .transform((env) => {
    const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
    const twin = loopbackTwin(publicOrigin);
    return {
      nodeEnv: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      publicOrigin,
      databasePath: env.DATABASE_PATH,
      imagesDir: env.IMAGES_DIR ?? join(dirname(env.DATABASE_PATH), "images"),
      imageQuotaMb: env.IMAGE_QUOTA_MB,
      webDistPath: env.WEB_DIST_PATH,
      logLevel: env.LOG_LEVEL,
      seedDemoCollection: env.SEED_DEMO_COLLECTION,
      trustProxy: env.TRUST_PROXY,
      writeRateLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
      workBudgetMsPerMinute: env.WORK_BUDGET_MS_PER_MINUTE,
      systemd: { notifySocket: env.NOTIFY_SOCKET, watchdogUsec: env.WATCHDOG_USEC },
      allowedOrigins: [
        publicOrigin,
        ...(twin ? [twin] : []),
        ...env.DEV_ORIGINS,
        ...env.CORS_ORIGINS,
      ],
      corsOrigins: env.CORS_ORIGINS,
      adminEmails: env.ADMIN_EMAILS,
      reviewMode: env.REVIEW_MODE,
      findspotPublicPrecision: env.FINDSPOT_PUBLIC_PRECISION,
      mapTiles: env.MAP_TILE_URL
        ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION ?? "" }
        : null,
      secureCookies: publicOrigin.startsWith("https:"),
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT,
              tokenEndpoint: env.GOOGLE_TOKEN_ENDPOINT,
              issuer: env.GOOGLE_ISSUER,
              redirectUri: `${publicOrigin}/auth/google/callback`,
            }
          : null,
      mail: env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : null,
      backups: {
        schedule: env.BACKUP_SCHEDULE,
        keep: env.BACKUP_KEEP,
        target: backupTargetSettings(env),
      },
      metricsAllow: env.METRICS_ALLOW,
    };
  });

/** BACKUP_TARGET with what it needs to connect (credentials stay out of descriptions and logs). */
export type BackupTargetSettings =
  | (Extract<BackupTargetConfig, { kind: "s3" }> & {
      region: string;
      endpoint?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
    })
  | (Extract<BackupTargetConfig, { kind: "sftp" }> & {
      privateKeyPath: string;
      hostKeySha256: string;
    });

function backupTargetSettings(env: {
  BACKUP_TARGET: BackupTargetConfig | null;
  BACKUP_S3_ENDPOINT?: string | undefined;
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
  AWS_SESSION_TOKEN?: string | undefined;
  BACKUP_SFTP_KEY?: string | undefined;
  BACKUP_SFTP_HOST_KEY?: string | undefined;
}): BackupTargetSettings | null {
  const target = env.BACKUP_TARGET;
  if (!target) return null;
  if (target.kind === "sftp") {
    return {
      ...target,
      privateKeyPath: env.BACKUP_SFTP_KEY ?? "",
      hostKeySha256: env.BACKUP_SFTP_HOST_KEY ?? "",
    };
  }
  return {
    ...target,
    region: env.AWS_REGION,
    ...(env.BACKUP_S3_ENDPOINT ? { endpoint: env.BACKUP_S3_ENDPOINT } : {}),
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
  };
}

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
