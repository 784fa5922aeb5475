import fp from "fastify-plugin";
import type { AppDatabase } from "../db/client";
import {
  NOTIFICATION_CLEANUP_INTERVAL_MS,
  removeOldNotifications,
} from "../services/notification-list";

export interface NotificationCleanupOptions {
  db: AppDatabase;
  /** The clock; tests pass their own. */
  now: () => Date;
  intervalMs?: number;
}

/**
 * Keeps the bell's notifications bounded (decision 062): the clean-up runs when the app is ready
 * and then every hour, until the app closes. A failure is logged and tried again at the next run.
 */
export const notificationCleanupPlugin = fp<NotificationCleanupOptions>(
  async (app, { db, now, intervalMs = NOTIFICATION_CLEANUP_INTERVAL_MS }) => {
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      try {
        const { removed } = removeOldNotifications(db, now());
        if (removed > 0) app.log.info({ removed }, "old notifications removed");
      } catch (error) {
        app.log.error({ err: error }, "removing old notifications failed");
      }
    };
    app.addHook("onReady", async () => {
      run();
      timer = setInterval(run, intervalMs).unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
    });
  },
  { name: "atlas-notification-cleanup" },
);
