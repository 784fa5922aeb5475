import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_UPLOAD_LIMITS } from "@artifact-atlas/shared";
import { jpeg, multipartBody } from "./support/images";
import { startServer, stopServer, type ServerProcess } from "./support/server";
import { freePort } from "./support/server-process";
import { webBuildStandIn } from "./support/web-build";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/*
 * The recipes of deploy/ (issue 35) in front of the real server: Debian's nginx and Caddy
 * (scripts/ensure-debian-packages.sh), each on a self-signed certificate, with only the names,
 * ports and paths an operator changes changed. Through each: a sign-up over HTTPS whose access
 * line names the client (not the proxy, not what the client wrote in X-Forwarded-For), an upload
 * and one over Atlas's limit refused in Atlas's words, a page, and a hashed asset compressed by
 * Atlas and cached as it says.
 */

const DEPLOY = resolve(import.meta.dirname, "../../../deploy");
/** The client's own address: neither the proxy's (127.0.0.1) nor one it could write. */
const CLIENT = "127.0.0.3";
const ASSET = "/assets/app-3f9c2a1b.js";
const ASSET_TEXT = `console.log(${JSON.stringify("Artifact Atlas ".repeat(200))});\n`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

type Proxy = "nginx" | "caddy";

function nginxConfig(dir: string, ports: { proxy: number; atlas: number }, cert: Cert): string {
  const site = readFileSync(join(DEPLOY, "nginx-atlas.conf"), "utf8")
    .replace("/var/cache/nginx/atlas", join(dir, "cache"))
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${ports.atlas};`)
    .replaceAll("server_name atlas.example.org;", "server_name localhost;")
    // The test box may have no IPv6; port 80's redirect gets a free port of its own.
    .replace(/^\s*listen \[::\].*$/gm, "")
    .replace("listen 80;", `listen 127.0.0.1:${ports.proxy + 1};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.proxy} ssl http2;`)
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${cert.cert};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${cert.key};`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${join(dir, `${kind}-temp`)};`)
    .join("\n");
  return [
    process.getuid?.() === 0 ? "user root;" : "",
    "worker_processes 1;",
    `pid ${join(dir, "nginx.pid")};`,
    `error_log ${join(dir, "nginx-error.log")} warn;`,
    "events {}",
    "http {",
    "access_log off;",
    temp,
    site,
    "}",
  ].join("\n");
}

function caddyConfig(dir: string, ports: { proxy: number; atlas: number }, cert: Cert): string {
  const site = readFileSync(join(DEPLOY, "Caddyfile"), "utf8")
    .replace(
      "atlas.example.org {",
      `https://localhost:${ports.proxy} {\n\ttls ${cert.cert} ${cert.key}`,
    )
    .replace("reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${ports.atlas}`);
  const global = [
    "{",
    "\tadmin off",
    "\tauto_https disable_redirects",
    `\tstorage file_system ${join(dir, "caddy")}`,
    "}",
  ].join("\n");
  return `${global}\n${site}`;
}

interface Cert {
  cert: string;
  key: string;
}

function selfSignedCertificate(dir: string): Cert {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
      ...["-keyout", key, "-out", cert],
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

function startProxy(proxy: Proxy, dir: string, config: string): ChildProcess {
  mkdirSync(join(dir, "cache"), { recursive: true });
  if (proxy === "nginx") {
    const file = join(dir, "nginx.conf");
    writeFileSync(file, config);
    return spawn("/usr/sbin/nginx", ["-p", dir, "-c", file, "-g", "daemon off;"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
  }
  const file = join(dir, "Caddyfile");
  writeFileSync(file, config);
  return spawn("/usr/bin/caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

describe.each<Proxy>(["nginx", "caddy"])("Atlas behind %s", (proxy) => {
  let dir: string;
  let cert: Cert;
  let atlas: ServerProcess;
  let proxyProcess: ChildProcess;
  let proxyLog = "";
  let port: number;
  let origin: string;
  let web: ReturnType<typeof webBuildStandIn>;
  let cookie = "";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `atlas-${proxy}-`));
    cert = selfSignedCertificate(dir);
    web = webBuildStandIn();
    mkdirSync(join(web.path, "assets"));
    writeFileSync(join(web.path, `${ASSET}`), ASSET_TEXT);
    writeFileSync(join(web.path, `${ASSET}.br`), brotliCompressSync(ASSET_TEXT));
    port = await freePort();
    origin = `https://localhost:${port}`;
    atlas = await startServer({
      databasePath: join(dir, "atlas.db"),
      env: {
        PUBLIC_ORIGIN: origin,
        TRUST_PROXY: "127.0.0.1,::1",
        WEB_DIST_PATH: web.path,
      },
    });
    const ports = { proxy: port, atlas: atlas.port };
    const config =
      proxy === "nginx" ? nginxConfig(dir, ports, cert) : caddyConfig(dir, ports, cert);
    proxyProcess = startProxy(proxy, dir, config);
    proxyProcess.stderr?.on("data", (chunk: Buffer) => (proxyLog += chunk.toString()));
    await vi.waitFor(
      async () => {
        if (proxyProcess.exitCode !== null) throw new Error(`${proxy} exited:\n${proxyLog}`);
        expect((await call("GET", "/healthz")).status).toBe(200);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  afterAll(async () => {
    proxyProcess?.kill("SIGTERM");
    if (atlas) await stopServer(atlas);
    web?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An HTTPS request to the proxy from CLIENT, trusting the test's certificate only. */
  function call(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: Buffer | string } = {},
  ): Promise<Answer> {
    return new Promise((answer, fail) => {
      const request = httpsRequest(
        {
          host: "127.0.0.1",
          port,
          localAddress: CLIENT,
          servername: "localhost",
          ca: readFileSync(cert.cert),
          method,
          path,
          agent: false,
          headers: {
            host: `localhost:${port}`,
            ...(cookie ? { cookie } : {}),
            ...options.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            answer({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", fail);
        },
      );
      request.on("error", fail);
      request.end(options.body);
    });
  }

  const json = (answer: Answer) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

  /** Atlas's access lines for a path, once written. */
  async function accessLines(path: string): Promise<Record<string, unknown>[]> {
    let lines: Record<string, unknown>[] = [];
    await vi.waitFor(() => {
      lines = atlas.stdout
        .filter((line) => line.includes('"request completed"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => (line.req as { url: string }).url === path);
      expect(lines.length).toBeGreaterThan(0);
    });
    return lines;
  }

  it("signs up over HTTPS; the access line names the client, not the proxy nor what it wrote", async () => {
    const signUp = await call("POST", "/trpc/auth.signup", {
      headers: {
        origin,
        "content-type": "application/json",
        // A client trying to choose the address its rate limits are kept under.
        "x-forwarded-for": "203.0.113.9",
      },
      body: JSON.stringify({
        userName: "Proxy Tester",
        email: `proxy-${proxy}@example.com`,
        password: "Secret123",
      }),
    });
    expect(signUp.status).toBe(200);
    const setCookie = (signUp.headers["set-cookie"] ?? []) as string[];
    const session = setCookie.find((line) => line.includes("atlas_session="));
    // HTTPS at the proxy (X-Forwarded-Proto): the cookie is a secure, host-only one.
    expect(session).toMatch(/^__Host-atlas_session=[^;]+;.*; Secure/);
    cookie = session!.split(";")[0]!;

    const me = await call("GET", "/trpc/auth.me");
    expect(json(me)).toMatchObject({ result: { data: { name: "Proxy Tester" } } });

    const [line] = await accessLines("/trpc/auth.signup");
    expect((line!.req as { remoteAddress: string }).remoteAddress).toBe(CLIENT);
  });

  it("takes an upload, and refuses one over 15 MiB in Atlas's words", async () => {
    const { payload, contentType } = multipartBody(await jpeg(1200, 900));
    const upload = await call("POST", "/images", {
      headers: { origin, "content-type": contentType },
      body: payload,
    });
    expect(upload.status).toBe(201);
    const { url } = json(upload) as { url: string };
    const image = await call("GET", url);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toMatch(/^image\//);

    const tooLarge = multipartBody(Buffer.alloc(IMAGE_UPLOAD_LIMITS.maxBytes + 512 * 1024, 7));
    const refused = await call("POST", "/images", {
      headers: { origin, "content-type": tooLarge.contentType },
      body: tooLarge.payload,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(String(json(refused).error)).toMatch(/15 MB/);
  });

  it("serves a page, and a hashed asset compressed by Atlas and cached as it says", async () => {
    const page = await call("GET", "/allartifacts", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body.toString()).toContain('<div id="root">');

    const asset = await call("GET", ASSET, { headers: { "accept-encoding": "br, gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(asset.body).toString()).toBe(ASSET_TEXT);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    if (proxy === "nginx") {
      const again = await call("GET", ASSET, { headers: { "accept-encoding": "br, gzip" } });
      expect(again.headers["x-cache-status"]).toBe("HIT");
      expect(brotliDecompressSync(again.body).toString()).toBe(ASSET_TEXT);
    }
  });
});
