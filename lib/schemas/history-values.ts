// Value lists of the history endpoints, without zod: the console's history pages read these (an
// import of the resource schemas would bring zod, ~31 kB gzip, into their first load; decision 028).
/** D10: the fields `GET /ai-models/history` sorts by. */
export const HISTORY_FIELDS = ['date', 'action', 'responsible', 'type', 'versionControl'] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** D7: a squad history record's `type`. */
export const SQUAD_HISTORY_TYPES = ['success', 'fail', 'neutral'] as const;
export type SquadHistoryType = (typeof SQUAD_HISTORY_TYPES)[number];
