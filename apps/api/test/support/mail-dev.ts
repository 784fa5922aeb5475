/**
 * `pnpm mail:dev`: the SMTP server the tests use, on 127.0.0.1:2525 (MAIL_DEV_PORT), printing
 * every message it receives. Start the app beside it with
 *   SMTP_URL=smtp://127.0.0.1:2525 MAIL_FROM=atlas@localhost
 * to see a password reset email without a real mail server. Ctrl-C stops it.
 */
import { startSmtpServer } from "./smtp";

const port = Number(process.env.MAIL_DEV_PORT ?? 2525);
const server = await startSmtpServer({
  port,
  onMail: (mail) => {
    console.log(
      [
        "─".repeat(72),
        `From:    ${mail.from}`,
        `To:      ${mail.to.join(", ")}`,
        `Subject: ${mail.subject}`,
        "",
        mail.text.trimEnd(),
        "",
      ].join("\n"),
    );
  },
});
console.log(`Mail catcher listening on ${server.url}; set SMTP_URL=${server.url} for the app.`);
process.once("SIGINT", () => void server.close().then(() => process.exit(0)));
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
