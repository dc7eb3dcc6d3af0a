import { SubjectCharacters } from './SubjectCharacters.js';

/** The part of a subject every list shows. */
export interface SubjectSummary {
  id: number;
  object: string;
  data: { slug: string; level: number; characters: string | null; meanings: { meaning: string; primary: boolean }[] };
}

export function primaryMeaning(subject: Pick<SubjectSummary, 'data'>): string {
  const meanings = subject.data.meanings;
  return (meanings.find((m) => m.primary) ?? meanings[0])?.meaning ?? subject.data.slug;
}

/** A subject as a link to its page: characters in the type's colour and the primary meaning. */
export function SubjectLink({ subject, detail }: { subject: SubjectSummary; detail?: string }) {
  return (
    <a class="subject-link" href={`/subjects/${subject.id}`}>
      <SubjectCharacters subject={subject} size="small" />
      <span class="subject-link-meaning">{primaryMeaning(subject)}</span>
      {detail !== undefined && <span class="subject-link-detail">{detail}</span>}
    </a>
  );
}

/** A wrapping list of subject links, or a sentence when there are none. */
export function SubjectList({
  subjects,
  empty,
  label,
}: {
  subjects: { subject: SubjectSummary; detail?: string }[];
  empty: string;
  label: string;
}) {
  if (subjects.length === 0) return <p class="empty">{empty}</p>;
  return (
    <ul class="subject-list" aria-label={label}>
      {subjects.map(({ subject, detail }) => (
        <li key={subject.id}>
          <SubjectLink subject={subject} {...(detail === undefined ? {} : { detail })} />
        </li>
      ))}
    </ul>
  );
}
