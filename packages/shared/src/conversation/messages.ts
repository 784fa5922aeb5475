/** Conversation's texts (issue 33): ours, as the issue gives none but "Hidden by a curator". */
export const CONVERSATION_MESSAGES = {
  commentNotFound: "Comment not found",
  suggestionNotFound: "Suggestion not found",
  notYourComment: "You can only change your own comments.",
  commentHiddenNoEdit: "A hidden comment cannot be edited.",
  commentHeld:
    "Thank you. Your comment will appear once a curator has looked at it: new accounts' first comments are reviewed.",
  replyOneLevel: "Replies go one level deep: reply to the comment that started the thread.",
  tooManyLinks: (max: number) =>
    `New accounts may put at most ${max} links in a comment. Please remove some, or post them once a curator has approved something of yours.`,
  alreadyReportedComment: "You have already reported this comment.",
  ownSuggestion: "You cannot agree with, or decide on, your own suggestion.",
  ownArtifactSuggestion: "This artifact is yours: edit it instead of suggesting a change.",
  suggestionUnchanged: "The suggestion is what the field already says.",
  suggestionDecided: "This suggestion has already been decided.",
  suggestionOutdated: (field: string) =>
    `The ${field} changed since this suggestion was made, so it cannot be accepted as it is.`,
  suggestionNotYours:
    "Only the artifact's owner, curators and admins can accept or decline a suggestion.",
  suggestionWaits: "Accepted. A curator will approve the change before it is published.",
  declineReasonRequired: "Please say why the suggestion is declined.",
  notAgreed: "You have not agreed with this suggestion.",
  followsFull: (max: number) =>
    `You follow ${max} things already: unfollow some before following more.`,
  followNotFound: "You do not follow this.",
  memberNotFound: "There is no such member.",
  followSelf: "You cannot follow yourself.",
  collectionNotFollowable:
    "Only a public or unlisted curated collection can be followed: this one is private, hidden or a saved search.",
  mailOff: "Email is not set up on this site, so only the bell can tell you.",
  followNeedsChannel: "Choose the bell, a daily email, or both.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  unsubscribed: "You will get no more of these emails.",
} as const;
