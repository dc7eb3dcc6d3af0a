import type { SubjectResource } from '../../../client/src/index.js';
import { Markup } from './Markup.js';
import { SubjectCharacters, TYPE_LABEL } from './SubjectCharacters.js';

const READING_NAMES: Record<string, string> = { onyomi: "On'yomi", kunyomi: "Kun'yomi", nanori: 'Nanori' };

function primaryFirst<T extends { primary: boolean }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(b.primary) - Number(a.primary));
}

/** Everything a lesson teaches about a subject: characters, meanings, readings, parts, mnemonics, sentences, audio. */
export function SubjectDetails({ subject, components }: { subject: SubjectResource; components: SubjectResource[] }) {
  const d = subject.data;
  const readings = primaryFirst(d.readings ?? []);
  const audios = d.pronunciation_audios ?? [];
  return (
    <article class={`subject-details type-${subject.object}`} aria-labelledby="subject-heading">
      <header class="subject-hero">
        <SubjectCharacters subject={subject} />
        <div>
          <p class="subject-type">
            {TYPE_LABEL[subject.object]} · Level {d.level}
          </p>
          <h2 id="subject-heading">{primaryFirst(d.meanings)[0]?.meaning}</h2>
        </div>
      </header>

      <section aria-labelledby="meanings-heading">
        <h3 id="meanings-heading">Meanings</h3>
        <p>
          {primaryFirst(d.meanings)
            .map((m) => m.meaning)
            .join(', ')}
        </p>
        <p class="mnemonic">
          <Markup text={d.meaning_mnemonic} />
        </p>
        {d.meaning_hint && (
          <p class="hint">
            <strong>Hint:</strong> <Markup text={d.meaning_hint} />
          </p>
        )}
      </section>

      {readings.length > 0 && (
        <section aria-labelledby="readings-heading">
          <h3 id="readings-heading">Readings</h3>
          <ul class="readings">
            {readings.map((r) => (
              <li key={`${r.type}-${r.reading}`} class={r.accepted_answer ? 'accepted' : 'other'}>
                <span class="reading-type">{READING_NAMES[r.type] ?? r.type}</span>{' '}
                <span lang="ja" class="reading">
                  {r.reading}
                </span>
              </li>
            ))}
          </ul>
          {d.reading_mnemonic && (
            <p class="mnemonic">
              <Markup text={d.reading_mnemonic} />
            </p>
          )}
          {d.reading_hint && (
            <p class="hint">
              <strong>Hint:</strong> <Markup text={d.reading_hint} />
            </p>
          )}
          {audios.length > 0 && (
            <div class="audios">
              {audios.map((audio) => (
                <figure key={audio.url}>
                  <figcaption>
                    {audio.metadata.pronunciation ?? 'Pronunciation'}
                    {audio.metadata.voice_actor_name ? ` (${audio.metadata.voice_actor_name})` : ''}
                  </figcaption>
                  <audio controls preload="none" src={audio.url}>
                    <track kind="captions" />
                  </audio>
                </figure>
              ))}
            </div>
          )}
        </section>
      )}

      {components.length > 0 && (
        <section aria-labelledby="components-heading">
          <h3 id="components-heading">Made of</h3>
          <ul class="components">
            {components.map((c) => (
              <li key={c.id}>
                <SubjectCharacters subject={c} size="small" /> {primaryFirst(c.data.meanings)[0]?.meaning}
              </li>
            ))}
          </ul>
        </section>
      )}

      {(d.context_sentences ?? []).length > 0 && (
        <section aria-labelledby="context-heading">
          <h3 id="context-heading">In context</h3>
          <ul class="sentences">
            {(d.context_sentences ?? []).map((s) => (
              <li key={s.ja}>
                <p lang="ja">{s.ja}</p>
                <p>{s.en}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {(d.patterns_of_use ?? []).length > 0 && (
        <section aria-labelledby="patterns-heading">
          <h3 id="patterns-heading">Patterns of use</h3>
          {(d.patterns_of_use ?? []).map((p) => (
            <div key={p.pattern}>
              <h4 lang="ja">{p.pattern}</h4>
              <ul class="sentences">
                {p.collocations.map((c) => (
                  <li key={c.ja}>
                    <span lang="ja">{c.ja}</span> · {c.en}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </article>
  );
}
