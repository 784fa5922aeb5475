-- Issue 28: artifacts the server hid after spam reports before the flag existed carry the note it
-- wrote (MESSAGES.spamAutoHideNote); marked so, their hide is undone when those reports no longer
-- stand, like any automatic hide since.
UPDATE `artifacts` SET `hidden_automatically` = 1
WHERE `status` = 'hidden'
  AND `status_note` = 'Hidden automatically after spam reports from three accounts, until a curator decides.';
