import { FEED_PATH, OAI_PATH, VOID_PATH, type HarvestingOverview } from "@artifact-atlas/shared";
import type { Deps } from "../deps";
import { harvestIdentity, mailAddressOf, readHarvestSettings } from "./settings";

/** The host a contact address falls back to; the protocol's address type wants a dot in it. */
export function mailHostOf(origin: string): string {
  const host = new URL(origin).hostname;
  return host.includes(".") ? host : `${host}.localdomain`;
}

/** What harvesters are told of the site, with every default filled in. */
export function identityOf(deps: Pick<Deps, "db" | "env">) {
  return harvestIdentity(readHarvestSettings(deps.db), {
    mailFrom: deps.env.mail ? mailAddressOf(deps.env.mail.from) : null,
    host: mailHostOf(deps.env.publicOrigin),
  });
}

/** The Harvesting screen (admins): the endpoints, the settings, and how ready the records are. */
export function harvestingOverview(
  deps: Pick<Deps, "db" | "env" | "harvesting">,
): HarvestingOverview {
  const origin = deps.env.publicOrigin;
  const settings = readHarvestSettings(deps.db);
  return {
    endpoint: `${origin}${OAI_PATH}`,
    feed: `${origin}${FEED_PATH}`,
    dataset: `${origin}${VOID_PATH}`,
    settings: {
      onlyApproved: settings.onlyApproved,
      dataProvider: settings.dataProvider,
      provider: settings.provider,
      adminEmail: settings.adminEmail,
    },
    defaults: harvestIdentity(
      { ...settings, dataProvider: "", provider: "", adminEmail: "" },
      {
        mailFrom: deps.env.mail ? mailAddressOf(deps.env.mail.from) : null,
        host: mailHostOf(origin),
      },
    ),
    ...deps.harvesting.readiness(),
  };
}
