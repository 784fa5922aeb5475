-- Every artifact has a history: those added before revisions existed start with revision 1,
-- "Created" by their owner when they were added, holding the fields as they are now (earlier edits
-- were never kept). The keys are the shared schema's field names, in the form's order, as
-- services/revisions.ts writes them.
INSERT INTO `artifact_revisions` (`artifact_id`, `number`, `actor_id`, `at`, `summary`, `fields`)
SELECT `id`, 1, `owner_id`, `added_at`, 'Created', json_object(
  'artifactName', `artifact_name`,
  'artifactImage', `artifact_image`,
  'artifactType', `artifact_type`,
  'historicalContext', `historical_context`,
  'createdAt', `created_at`,
  'discoveredAt', `discovered_at`,
  'discoveredBy', `discovered_by`,
  'presentLocation', `present_location`,
  'imageAlt', `image_alt`
)
FROM `artifacts`;
