import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, errorText } from '../api.js';
import { SubjectList } from '../components/SubjectLink.js';
import { TYPE_LABEL } from '../components/SubjectCharacters.js';

type Result = { id: number; object: string; level: number; characters: string | null; slug: string; meanings: string[]; reading: string };

/** Search over characters, meanings, readings and slug (romaji is searched as kana too); results open subject pages. */
export default function Search() {
  const location = useLocation();
  const initial = typeof location.query.q === 'string' ? location.query.q : '';
  const [q, setQ] = useState(initial);
  const [results, setResults] = useState<Result[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const query = q.trim();
    const ticket = ++latest.current;
    if (query === '') return setResults(null);
    api
      .GET('/search', { params: { query: { q: query, limit: '30' } } })
      .then(({ data, error: failed }) => {
        if (ticket !== latest.current) return; // an older answer arriving late
        if (!data) return setError(errorText(failed));
        setError(null);
        setResults(data.data);
      })
      .catch(() => setError('The server cannot be reached.'));
    history.replaceState(null, '', query ? `/search?q=${encodeURIComponent(query)}` : '/search');
  }, [q]);

  return (
    <section>
      <h1>Search</h1>
      <form role="search" class="search-box" onSubmit={(e) => e.preventDefault()}>
        <label for="search-q">Kanji, vocabulary or radical: characters, meaning, reading (romaji works)</label>
        <input
          id="search-q"
          type="search"
          value={q}
          maxLength={64}
          autoFocus
          onInput={(e) => setQ(e.currentTarget.value)}
          placeholder="e.g. mountain, yama, 山"
        />
      </form>
      {error && (
        <p role="alert" class="notice warn">
          {error}
        </p>
      )}
      <div aria-live="polite">
        {results !== null && (
          <SubjectList
            label="Search results"
            empty={`Nothing matches “${q.trim()}”.`}
            subjects={results.map((r) => ({
              subject: {
                id: r.id,
                object: r.object,
                data: {
                  slug: r.slug,
                  level: r.level,
                  characters: r.characters,
                  meanings: r.meanings.map((meaning, i) => ({ meaning, primary: i === 0 })),
                },
              },
              detail: `${TYPE_LABEL[r.object] ?? r.object} · level ${r.level}${r.reading ? ` · ${r.reading}` : ''}`,
            }))}
          />
        )}
      </div>
    </section>
  );
}
