import {
  ARTIFACT_FIELD_LABELS,
  ARTIFACT_FIELD_NAMES,
  type ArtifactTextFields,
  type ReviewedArtifact,
} from "@artifact-atlas/shared";
import { ArtifactImage, IMAGE_SIZES } from "../ArtifactImage";

/**
 * Side by side: the fields before and after an edit, or the artifact's fields. Long values wrap
 * anywhere (issue 29: a long word or URL made /review 1,068 px wide on a phone), and the image
 * shows as a picture beside its address, which for an upload is only a long id.
 */
export function EntryChanges({
  artifact,
  before,
  after,
}: {
  /** The artifact as it stands: its uploaded image's size, for the thumbnail. */
  artifact: ReviewedArtifact;
  before: ArtifactTextFields | null;
  after: ArtifactTextFields;
}) {
  return (
    <table className="mt-4 w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">
        {before ? "The fields before and after the edit" : "The artifact's fields"}
      </caption>
      <colgroup>
        <col className="w-24 sm:w-40" />
        {before && <col />}
        <col />
      </colgroup>
      <thead>
        <tr className="border-b border-line text-xs tracking-wider text-muted uppercase">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Field
          </th>
          {before && (
            <th scope="col" className="py-2 pr-3 font-semibold">
              Before
            </th>
          )}
          <th scope="col" className="py-2 font-semibold">
            {before ? "After" : "Value"}
          </th>
        </tr>
      </thead>
      <tbody>
        {ARTIFACT_FIELD_NAMES.map((name) => {
          const changed = before !== null && before[name] !== after[name];
          const value = (fields: ArtifactTextFields) =>
            name === "artifactImage" ? (
              <ImageValue artifact={artifact} fields={fields} />
            ) : (
              String(fields[name] ?? "")
            );
          return (
            <tr key={name} className="border-b border-line/60 align-top">
              <th scope="row" className="py-2 pr-3 font-medium break-words text-muted">
                {ARTIFACT_FIELD_LABELS[name as keyof typeof ARTIFACT_FIELD_LABELS] ?? name}
              </th>
              {before && (
                <td
                  className={
                    changed
                      ? "py-2 pr-3 [overflow-wrap:anywhere] text-danger line-through"
                      : "py-2 pr-3 [overflow-wrap:anywhere] text-ink"
                  }
                >
                  {value(before)}
                </td>
              )}
              <td
                className={
                  changed
                    ? "py-2 font-semibold [overflow-wrap:anywhere] text-success"
                    : "py-2 [overflow-wrap:anywhere] text-ink"
                }
              >
                {value(after)}
                {changed && <span className="sr-only"> (changed)</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The picture, then its address in small type. */
function ImageValue({
  artifact,
  fields,
}: {
  artifact: ReviewedArtifact;
  fields: ArtifactTextFields;
}) {
  // The stored size of an upload is known for the image the artifact shows now.
  const current = fields.artifactImage === artifact.artifactImage;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="w-24 overflow-hidden rounded-lg border border-line">
        <ArtifactImage
          artifact={{
            ...fields,
            imageWidth: current ? artifact.imageWidth : null,
            imageHeight: current ? artifact.imageHeight : null,
            imagePlaceholder: current ? artifact.imagePlaceholder : null,
          }}
          sizes={IMAGE_SIZES.thumbnail}
          compact
        />
      </div>
      <span className="text-xs font-normal text-muted">{fields.artifactImage}</span>
    </div>
  );
}
