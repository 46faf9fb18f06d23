// The names of a tender's live stream's events, apart from the schema of its state (./tender-live-state): a
// page that follows the stream needs them at once, the schema only with the first state.

/** What a tender's event stream says when its questions change: read them again (each sees what is theirs). */
export const QUESTIONS_EVENT = 'questions';
