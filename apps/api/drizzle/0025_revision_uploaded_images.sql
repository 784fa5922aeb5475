-- The image clean-up keeps an uploaded image while any revision refers to it, so that "Restore
-- this version" never brings back a removed image (decision 076). An expression index of each
-- revision's uploaded image, partial so that it holds only the revisions that show an upload: the
-- clean-up's union (IMAGE_PATHS_IN_USE in store/image-store.ts) reads it alone, with the same
-- expression and `like` term, however many revisions there are.
CREATE INDEX `artifact_revisions_uploaded_image_idx` ON `artifact_revisions` (`fields` ->> '$.artifactImage') WHERE `fields` ->> '$.artifactImage' LIKE '/images/%';
