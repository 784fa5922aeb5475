import { z } from "zod";
import { ARTIFACT_TYPES, LIMITS, SORT_VALUES } from "../constants";
import { MESSAGES } from "../messages";
import { hasVisibleCharacter, httpUrl, isWellFormedText, requiredText } from "./fields";

/** The form labels double as the names in validation messages. */
export const ARTIFACT_FIELD_LABELS = {
  artifactName: "Artifact Name",
  artifactImage: "Artifact Image URL",
  artifactType: "Artifact Type",
  historicalContext: "Historical Context",
  createdAt: "Created At",
  discoveredAt: "Discovered At",
  discoveredBy: "Discovered By",
  presentLocation: "Present Location",
} as const;

const L = ARTIFACT_FIELD_LABELS;

/** Add and update take the same eight required fields (spec section 5). */
export const artifactInput = z.object({
  artifactName: requiredText(L.artifactName, LIMITS.name),
  artifactImage: z
    .string({ error: MESSAGES.fieldRequired(L.artifactImage) })
    .trim()
    .refine(hasVisibleCharacter, MESSAGES.fieldRequired(L.artifactImage))
    .pipe(httpUrl),
  artifactType: z.enum(ARTIFACT_TYPES, { error: MESSAGES.artifactTypeRequired }),
  historicalContext: requiredText(L.historicalContext, LIMITS.historicalContext),
  createdAt: requiredText(L.createdAt, LIMITS.shortText),
  discoveredAt: requiredText(L.discoveredAt, LIMITS.shortText),
  discoveredBy: requiredText(L.discoveredBy, LIMITS.shortText),
  presentLocation: requiredText(L.presentLocation, LIMITS.shortText),
});
export type ArtifactInput = z.input<typeof artifactInput>;
export type ArtifactFields = z.output<typeof artifactInput>;

/** Artifact ids are positive integers; anything else can only be "not found". */
export const artifactId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const artifactIdInput = z.object({ id: artifactId });

export const artifactUpdateInput = z.object({ id: artifactId, fields: artifactInput });
export type ArtifactUpdateInput = z.input<typeof artifactUpdateInput>;

export const artifactListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(LIMITS.search)
    .refine(isWellFormedText, MESSAGES.brokenCharacter("Search"))
    .optional()
    .transform((value) => (value ? value : undefined)),
  sort: z.enum(SORT_VALUES).default("default"),
  page: z.coerce.number().int().min(1).max(LIMITS.page).default(1),
});
export type ArtifactListQuery = z.input<typeof artifactListQuery>;
