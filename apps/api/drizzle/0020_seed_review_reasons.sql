-- The reasons a curator chooses from to reject, hide or unhide (issue 17's list); admins edit it.
INSERT INTO `review_reasons` (`label`) VALUES
  ('Inaccurate'), ('Duplicate'), ('Not historical'), ('Copyright'), ('Offensive'), ('Spam'), ('Other');
