/** The dashboard's and Extra Study's recent events: unlocks, burns, critical items and mistakes. */

/** An assignment and when something happened to it. */
export interface SubjectEvent {
  assignmentId: number;
  subjectId: number;
  at: number;
}

export interface CriticalItem {
  subjectId: number;
  percentageCorrect: number;
}

export interface RecentMistake {
  assignmentId: number;
  subjectId: number;
  /** Wrong answers in the window (the parts that count for the subject's type). */
  incorrect: number;
  lastWrongAt: number;
}
