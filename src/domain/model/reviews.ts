/** A stored review. */

export interface ReviewRecord {
  id: number;
  assignmentId: number;
  subjectId: number;
  createdAt: number;
  startingSrsStage: number;
  endingSrsStage: number;
  incorrectMeaningAnswers: number;
  incorrectReadingAnswers: number;
  spacedRepetitionSystemId: number;
  updatedAt: number;
}
