import fastifyCors from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { corsPlugin } from "../src/plugins/cors";
import { contentSecurityPolicy, securityHeadersPlugin } from "../src/plugins/security-headers";
import { createRateLimiter } from "../src/rate-limit";

/*
 * One variant of pnpm bench:plugins: a bare Fastify app with one plugin (ours or the ecosystem's)
 * and one JSON route, on the port named by PORT. It prints its CPU time in µs when asked on stdin,
 * so that the parent can divide the CPU spent under its load by the requests sent.
 */

const variant = process.env.VARIANT ?? "none";
const FRIEND = "https://friend.example";

const app = Fastify({ logger: false });

switch (variant) {
  case "none":
    break;
  case "headers-ours":
    await app.register(securityHeadersPlugin, { https: false });
    break;
  case "headers-helmet":
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: Object.fromEntries(
          contentSecurityPolicy({ https: false })
            .split(";")
            .map((directive) => {
              const [name = "", ...values] = directive.split(" ");
              return [name, values];
            }),
        ),
      },
      crossOriginResourcePolicy: { policy: "same-origin" },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: false,
    });
    break;
  case "cors-ours":
    await app.register(corsPlugin, { corsOrigins: [FRIEND] });
    break;
  case "cors-plugin": {
    const allowed = new Set([FRIEND]);
    await app.register(fastifyCors, {
      origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
      allowedHeaders: "Content-Type",
      exposedHeaders: "X-Total-Count, Link, Retry-After, X-Request-Id",
      maxAge: 600,
    });
    break;
  }
  case "rate-limit-ours": {
    const limiter = createRateLimiter({ limit: 1e12, windowMs: 60_000 });
    app.addHook("onRequest", (request, reply, done) => {
      const wait = limiter.take(request.ip);
      if (wait > 0) {
        void reply.code(429).header("retry-after", String(wait)).send({ error: "busy" });
        return;
      }
      done();
    });
    break;
  }
  case "rate-limit-plugin":
    await app.register(fastifyRateLimit, { max: 1e12, timeWindow: 60_000, cache: 10_000 });
    break;
  default:
    throw new Error(`unknown variant ${variant}`);
}

app.get("/thing", async () => ({ id: 1, artifactName: "Bronze amphora", likes: 3 }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.stdout.write("listening\n");
process.stdin.setEncoding("utf8").on("data", () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${user + system}\n`);
});
