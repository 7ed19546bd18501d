/** Who may be mentioned in a comment: for an internal note, the team only. */
export const mentionSuggestionsPath = (postNumber: number, internal: boolean) =>
  `/api/v1/posts/${postNumber}/mention-suggestions${internal ? '?context=internal' : ''}`;
