/** The subject's characters, large; an image-only radical falls back to its slug. */
export function SubjectCharacters({
  subject,
  size = 'large',
}: {
  subject: { object: string; data: { characters: string | null; slug: string } };
  size?: 'large' | 'small';
}) {
  const characters = subject.data.characters;
  return (
    <span class={`characters ${size} type-${subject.object}`} lang={characters ? 'ja' : 'en'}>
      {characters ?? subject.data.slug}
    </span>
  );
}

export const TYPE_LABEL: Record<string, string> = {
  radical: 'Radical',
  kanji: 'Kanji',
  vocabulary: 'Vocabulary',
  kana_vocabulary: 'Vocabulary',
};
