/**
 * The study API's types, generated from the server's OpenAPI document by openapi-typescript.
 * Do not edit: run `npm run client:types` (a test fails while this file is out of date).
 */
export interface paths {
  '/about': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Service facts and the content attribution clients must show */
    get: operations['getAbout'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/subjects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Subjects (1000 per page) */
    get: operations['getSubjects'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/subjects/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One subject */
    get: operations['getSubjectsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/spaced_repetition_systems': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /spaced_repetition_systems */
    get: operations['getSpacedRepetitionSystems'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/spaced_repetition_systems/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /spaced_repetition_systems/{id} */
    get: operations['getSpacedRepetitionSystemsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/voice_actors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /voice_actors */
    get: operations['getVoiceActors'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/voice_actors/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /voice_actors/{id} */
    get: operations['getVoiceActorsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/resets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /resets */
    get: operations['getResets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/resets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /resets/{id} */
    get: operations['getResetsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/level_progressions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /level_progressions */
    get: operations['getLevelProgressions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/level_progressions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /level_progressions/{id} */
    get: operations['getLevelProgressionsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account */
    get: operations['getUser'];
    /** Update time zone and preferences (bare or {user: {...}}) */
    put: operations['putUser'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Search subjects by characters, meaning, reading (romaji converted to kana) or slug */
    get: operations['getSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assignments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /assignments */
    get: operations['getAssignments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assignments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /assignments/{id} */
    get: operations['getAssignmentsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assignments/{id}/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Start a lesson (optional body, bare or {assignment: {...}}) */
    put: operations['putAssignmentsByIdStart'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reviews': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Always empty (the review log is not queryable) */
    get: operations['getReviews'];
    put?: never;
    /** Submit a review: the only call that moves the SRS (bare or {review: {...}}) */
    post: operations['postReviews'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reviews/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /reviews/{id} */
    get: operations['getReviewsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/review_statistics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /review_statistics */
    get: operations['getReviewStatistics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/review_statistics/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /review_statistics/{id} */
    get: operations['getReviewStatisticsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/study_materials': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /study_materials */
    get: operations['getStudyMaterials'];
    put?: never;
    /** Create notes and synonyms for a subject (bare or {study_material: {...}}) */
    post: operations['postStudyMaterials'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/study_materials/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GET /study_materials/{id} */
    get: operations['getStudyMaterialsById'];
    /** Update notes and synonyms (omitted fields untouched; null clears a note) */
    put: operations['putStudyMaterialsById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lessons now and reviews over the next 24 hours */
    get: operations['getSummary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/unlockable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Preview of what POST /advance would open now */
    get: operations['getUnlockable'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/advance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Unlock the next tranche of lessons ahead of schedule (POST only; a refusal is a 200 with outcome nothing) */
    post: operations['postAdvance'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/study': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What an Extra Study mode holds: the open cycle, else the set now (pure read) */
    get: operations['getStudy'];
    put?: never;
    /** With only kind: open or resume a cycle. With assignment_id: record one item done (idempotent) */
    post: operations['postStudy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/burn_manager': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Resurrect burned items, or retire resurrected ones; every id comes back in changed or skipped */
    post: operations['postBurnManager'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Everything the home screen needs in one request (ETag never matches: data_updated_at is now) */
    get: operations['getDashboard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/review_stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reviews completed in a period versus the period before it */
    get: operations['getReviewStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/days_studied': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Distinct local days with a lesson or review (data_updated_at: when the last of them began) */
    get: operations['getDaysStudied'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/heat_map': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reviews and lessons per local day of a month or year, empty days included */
    get: operations['getHeatMap'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/item_spread': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The stage-by-type matrix with the items in each cell */
    get: operations['getItemSpread'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/lesson_allowance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How many lessons today's ceiling still permits (never shrinks /assignments or /summary) */
    get: operations['getLessonAllowance'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/vacation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the SRS clock is paused */
    get: operations['getVacation'];
    /** Pause or resume the SRS clock (bare or {vacation: {...}}); idempotent both ways */
    put: operations['putVacation'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/internal/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mint a session for a portal user (shared secret) */
    post: operations['postInternalSessions'];
    /** Revoke a session (shared secret) */
    delete: operations['deleteInternalSessions'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Follow a one-time sign-in link (from `study-service login-link <username>`)
     * @description Sets the `svc_session` cookie and redirects (303) to the web app. A link works once and for 15 minutes; an unknown, used or expired link redirects to the sign-in page with `?link=invalid` and sets nothing.
     */
    get: operations['getSessionLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign a browser in with an API token: the token is exchanged for the `svc_session` cookie
     * @description The token is checked and never stored in the browser; the answer carries no token, only the HttpOnly cookie. Refused (401) from a page of another site.
     */
    post: operations['postSession'];
    /** Sign out: revokes the browser's session and clears its cookie */
    delete: operations['deleteSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/push_tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Register (or re-arm) a push token for this install; call it on every launch */
    post: operations['postPushTokens'];
    /** Retire one of the caller's push tokens; idempotent */
    delete: operations['deletePushTokens'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/internal/push': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Hourly push tick (shared secret): announce newly waiting items to registered devices */
    get: operations['getInternalPush'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/internal/nudges': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Daily nudge tick (shared secret): backlog emails, at most one a week per learner */
    get: operations['getInternalNudges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/unsubscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn nudge emails off with the token of an emailed link (no GET, on purpose: prefetchers must not unsubscribe)
     * @description The token comes in the JSON body `{"token": "..."}` (what the web page posts), or in the query string with any body, which is how mail clients perform one-click unsubscribe (RFC 8058, a form-encoded `List-Unsubscribe=One-Click`).
     */
    post: operations['postUnsubscribe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process is up (no database access) */
    get: operations['getHealthz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: database reachable, migrations applied, content loaded (503 otherwise) */
    get: operations['getReadyz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** GetAboutResponse */
    GetAboutResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        service: string;
        compat_revision: string;
        content: {
          [key: string]: unknown;
        };
      };
    };
    /** GetSubjectsResponse */
    GetSubjectsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        /** @description Every field of the subject table for its type: slug, level, characters, meanings, auxiliary_meanings, readings (kanji, vocabulary), component/amalgamation/visually_similar ids, mnemonics and hints, document_url, lesson_position, spaced_repetition_system_id, hidden_at, created_at; parts_of_speech, context_sentences, pronunciation_audios (vocabulary, kana_vocabulary); character_images (radicals); mnemonic_image_url and patterns_of_use only when non-empty. */
        data: {
          [key: string]: unknown;
        };
      }[];
    };
    /**
     * Error
     * @description Every error: a human-readable sentence and the HTTP status.
     */
    Error: {
      error: string;
      code: number;
    };
    /** GetSubjectsByIdResponse */
    GetSubjectsByIdResponse: {
      id: number;
      object: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      /** @description Every field of the subject table for its type: slug, level, characters, meanings, auxiliary_meanings, readings (kanji, vocabulary), component/amalgamation/visually_similar ids, mnemonics and hints, document_url, lesson_position, spaced_repetition_system_id, hidden_at, created_at; parts_of_speech, context_sentences, pronunciation_audios (vocabulary, kana_vocabulary); character_images (radicals); mnemonic_image_url and patterns_of_use only when non-empty. */
      data: {
        [key: string]: unknown;
      };
    };
    /** GetSpacedRepetitionSystemsResponse */
    GetSpacedRepetitionSystemsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          name: string;
          description: string;
          unlocking_stage_position: number;
          starting_stage_position: number;
          passing_stage_position: number;
          burning_stage_position: number;
          stages: {
            position: number;
            interval: number | null;
            interval_unit: string | null;
          }[];
        };
      }[];
    };
    /** GetSpacedRepetitionSystemsByIdResponse */
    GetSpacedRepetitionSystemsByIdResponse: {
      id: number;
      object: string;
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        name: string;
        description: string;
        unlocking_stage_position: number;
        starting_stage_position: number;
        passing_stage_position: number;
        burning_stage_position: number;
        stages: {
          position: number;
          interval: number | null;
          interval_unit: string | null;
        }[];
      };
    };
    /** GetVoiceActorsResponse */
    GetVoiceActorsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          name: string;
          gender: string;
          description: string;
        };
      }[];
    };
    /** GetVoiceActorsByIdResponse */
    GetVoiceActorsByIdResponse: {
      id: number;
      object: string;
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        name: string;
        gender: string;
        description: string;
      };
    };
    /** GetResetsResponse */
    GetResetsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          original_level: number;
          target_level: number;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          confirmed_at: string | null;
        };
      }[];
    };
    /** GetResetsByIdResponse */
    GetResetsByIdResponse: {
      id: number;
      object: string;
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        original_level: number;
        target_level: number;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        confirmed_at: string | null;
      };
    };
    /** GetLevelProgressionsResponse */
    GetLevelProgressionsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          level: number;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          unlocked_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          started_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          passed_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          completed_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          abandoned_at: string | null;
        };
      }[];
    };
    /** GetLevelProgressionsByIdResponse */
    GetLevelProgressionsByIdResponse: {
      id: number;
      object: string;
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        level: number;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        unlocked_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        passed_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        completed_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        abandoned_at: string | null;
      };
    };
    /** GetUserResponse */
    GetUserResponse: {
      /** @enum {string} */
      object: 'user';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** Format: uuid */
        id: string;
        username: string;
        level: number;
        /**
         * Format: uri
         * @description The learner's page on the web app: <WEB_APP_URL>/users/<username>
         */
        profile_url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        current_vacation_started_at: string | null;
        timezone: string | null;
        subscription: {
          type: string;
          active: boolean;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          period_ends_at: string | null;
          max_level_granted: number;
        };
        /** @description Defaults: {"lessons_batch_size":5,"max_daily_lessons":100,"lessons_interleave":false,"lessons_autoplay_audio":false,"reviews_presentation_order":"shuffled","reviews_autoplay_audio":false,"extra_study_autoplay_audio":false,"reviews_srs_indicator":true,"default_voice_gender":"random","correct_percentage_period":"past_7_days","reviews_completed_period":"past_7_days","item_spread_view":"table","recent_mistakes_mode":"list","hidden_widgets":[],"heat_map_view":"month"} */
        preferences: {
          [key: string]: unknown;
        };
      };
    };
    /** PutUserBody */
    PutUserBody: {
      /** @description IANA zone name, e.g. Asia/Manila */
      timezone?: string | null;
      /** @description Merged key by key */
      preferences?: {
        [key: string]: unknown;
      };
    };
    /** PutUserResponse */
    PutUserResponse: {
      /** @enum {string} */
      object: 'user';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** Format: uuid */
        id: string;
        username: string;
        level: number;
        /**
         * Format: uri
         * @description The learner's page on the web app: <WEB_APP_URL>/users/<username>
         */
        profile_url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        current_vacation_started_at: string | null;
        timezone: string | null;
        subscription: {
          type: string;
          active: boolean;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          period_ends_at: string | null;
          max_level_granted: number;
        };
        /** @description Defaults: {"lessons_batch_size":5,"max_daily_lessons":100,"lessons_interleave":false,"lessons_autoplay_audio":false,"reviews_presentation_order":"shuffled","reviews_autoplay_audio":false,"extra_study_autoplay_audio":false,"reviews_srs_indicator":true,"default_voice_gender":"random","correct_percentage_period":"past_7_days","reviews_completed_period":"past_7_days","item_spread_view":"table","recent_mistakes_mode":"list","hidden_widgets":[],"heat_map_view":"month"} */
        preferences: {
          [key: string]: unknown;
        };
      };
    };
    /** GetSearchResponse */
    GetSearchResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /** @enum {object|null} */
      data_updated_at: never | null;
      total_count: number;
      data: {
        id: number;
        object: string;
        level: number;
        characters: string | null;
        slug: string;
        meanings: string[];
        reading: string;
      }[];
    };
    /** GetAssignmentsResponse */
    GetAssignmentsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          subject_id: number;
          subject_type: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
          srs_stage: number;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          unlocked_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          started_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          passed_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          burned_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          available_at: string | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          resurrected_at: string | null;
          hidden: boolean;
        };
      }[];
    };
    /** GetAssignmentsByIdResponse */
    GetAssignmentsByIdResponse: {
      id: number;
      object: string;
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        subject_id: number;
        subject_type: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
        srs_stage: number;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        unlocked_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        passed_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        burned_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        available_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        resurrected_at: string | null;
        hidden: boolean;
      };
    };
    /** PutAssignmentsByIdStartBody */
    PutAssignmentsByIdStartBody: {
      /** @description ISO-8601; defaults to now */
      started_at?: string;
    };
    /** PutAssignmentsByIdStartResponse */
    PutAssignmentsByIdStartResponse: {
      id: number;
      /** @enum {string} */
      object: 'assignment';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        subject_id: number;
        subject_type: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
        srs_stage: number;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        unlocked_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        passed_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        burned_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        available_at: string | null;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        resurrected_at: string | null;
        hidden: boolean;
      };
    };
    /** PostReviewsBody */
    PostReviewsBody: {
      assignment_id?: number;
      subject_id?: number;
      incorrect_meaning_answers: number;
      incorrect_reading_answers: number;
      /** @description ISO-8601 answer time (offline queue); clamped to [started_at, now] */
      created_at?: string;
    };
    /** PostReviewsResponse */
    PostReviewsResponse: {
      id: number;
      /** @enum {string} */
      object: 'review';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        assignment_id: number;
        subject_id: number;
        starting_srs_stage: number;
        ending_srs_stage: number;
        incorrect_meaning_answers: number;
        incorrect_reading_answers: number;
        spaced_repetition_system_id: number;
      };
    } & {
      resources_updated: {
        assignment: {
          id: number;
          /** @enum {string} */
          object: 'assignment';
          url: string;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          data_updated_at: string;
          data: {
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            created_at: string;
            subject_id: number;
            subject_type: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
            srs_stage: number;
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            unlocked_at: string | null;
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            passed_at: string | null;
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            burned_at: string | null;
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            available_at: string | null;
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            resurrected_at: string | null;
            hidden: boolean;
          };
        };
        review_statistic: {
          id: number;
          /** @enum {string} */
          object: 'review_statistic';
          url: string;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          data_updated_at: string;
          data: {
            /**
             * Format: date-time
             * @description ISO-8601 UTC with milliseconds
             */
            created_at: string;
            subject_id: number;
            subject_type: string;
            meaning_correct: number;
            meaning_incorrect: number;
            meaning_max_streak: number;
            meaning_current_streak: number;
            reading_correct: number;
            reading_incorrect: number;
            reading_max_streak: number;
            reading_current_streak: number;
            percentage_correct: number;
            hidden: boolean;
          };
        };
      };
    };
    /** GetReviewsResponse */
    GetReviewsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          assignment_id: number;
          subject_id: number;
          starting_srs_stage: number;
          ending_srs_stage: number;
          incorrect_meaning_answers: number;
          incorrect_reading_answers: number;
          spaced_repetition_system_id: number;
        };
      }[];
    };
    /** GetReviewStatisticsResponse */
    GetReviewStatisticsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          subject_id: number;
          subject_type: string;
          meaning_correct: number;
          meaning_incorrect: number;
          meaning_max_streak: number;
          meaning_current_streak: number;
          reading_correct: number;
          reading_incorrect: number;
          reading_max_streak: number;
          reading_current_streak: number;
          percentage_correct: number;
          hidden: boolean;
        };
      }[];
    };
    /** GetReviewStatisticsByIdResponse */
    GetReviewStatisticsByIdResponse: {
      id: number;
      object: string;
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        subject_id: number;
        subject_type: string;
        meaning_correct: number;
        meaning_incorrect: number;
        meaning_max_streak: number;
        meaning_current_streak: number;
        reading_correct: number;
        reading_incorrect: number;
        reading_max_streak: number;
        reading_current_streak: number;
        percentage_correct: number;
        hidden: boolean;
      };
    };
    /** GetStudyMaterialsResponse */
    GetStudyMaterialsResponse: {
      /** @enum {string} */
      object: 'collection';
      url: string;
      pages: {
        per_page: number;
        next_url: string | null;
        previous_url: string | null;
      };
      total_count: number;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        id: number;
        object: string;
        url: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        data_updated_at: string;
        data: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          created_at: string;
          subject_id: number;
          subject_type: string;
          /** @description "" when never set or cleared */
          meaning_note: string;
          /** @description "" when never set or cleared */
          reading_note: string;
          meaning_synonyms: string[];
          hidden: boolean;
        };
      }[];
    };
    /** PostStudyMaterialsBody */
    PostStudyMaterialsBody: {
      subject_id: number;
      meaning_note?: string | null;
      reading_note?: string | null;
      meaning_synonyms?: string[];
    };
    /** PostStudyMaterialsResponse */
    PostStudyMaterialsResponse: {
      id: number;
      /** @enum {string} */
      object: 'study_material';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        subject_id: number;
        subject_type: string;
        /** @description "" when never set or cleared */
        meaning_note: string;
        /** @description "" when never set or cleared */
        reading_note: string;
        meaning_synonyms: string[];
        hidden: boolean;
      };
    };
    /** GetStudyMaterialsByIdResponse */
    GetStudyMaterialsByIdResponse: {
      id: number;
      object: string;
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        subject_id: number;
        subject_type: string;
        /** @description "" when never set or cleared */
        meaning_note: string;
        /** @description "" when never set or cleared */
        reading_note: string;
        meaning_synonyms: string[];
        hidden: boolean;
      };
    };
    /** PutStudyMaterialsByIdBody */
    PutStudyMaterialsByIdBody: {
      meaning_note?: string | null;
      reading_note?: string | null;
      meaning_synonyms?: string[];
    };
    /** PutStudyMaterialsByIdResponse */
    PutStudyMaterialsByIdResponse: {
      id: number;
      /** @enum {string} */
      object: 'study_material';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        created_at: string;
        subject_id: number;
        subject_type: string;
        /** @description "" when never set or cleared */
        meaning_note: string;
        /** @description "" when never set or cleared */
        reading_note: string;
        meaning_synonyms: string[];
        hidden: boolean;
      };
    };
    /** GetSummaryResponse */
    GetSummaryResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        lessons: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          available_at: string;
          subject_ids: number[];
        }[];
        reviews: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          available_at: string;
          subject_ids: number[];
        }[];
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        next_reviews_at: string | null;
      };
    };
    /** GetUnlockableResponse */
    GetUnlockableResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        total: number;
        pending: number;
        blocked: ('lessons_pending' | 'nothing_to_unlock' | 'max_level') | (never | null);
        candidates: {
          subject_id: number;
          /** @enum {unknown} */
          object: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
          level: number;
          characters: string | null;
          slug: string;
          meanings: {
            meaning: string;
            primary: boolean;
          }[];
          /** @description Projection: the latest time a component would pass if every review were answered right when due; null when nothing is left to wait for */
          unlocks_at: string | (never | null);
        }[];
      };
    };
    /** PostAdvanceBody */
    PostAdvanceBody: {
      /** @description Open only these out of the tranche; ids not in it are ignored */
      subject_ids?: number[];
    };
    /** PostAdvanceResponse */
    PostAdvanceResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @enum {unknown} */
        outcome: 'unlocked' | 'levelled_up' | 'nothing';
        unlocked: number;
        level: number;
        pending: number;
        reason: ('lessons_pending' | 'nothing_to_unlock' | 'max_level') | (never | null);
      };
    };
    /** GetStudyResponse */
    GetStudyResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @enum {unknown} */
        kind: 'recent_lessons' | 'recent_mistakes' | 'burned_items';
        /** @description True when the 100-item ceiling trimmed the set */
        capped: boolean;
        /** @description How many items are listed */
        total_count: number;
        progress: {
          remaining: number;
          total: number;
        };
        /** @description Items still to study (ids only; the only camelCase in the API) */
        items: {
          assignmentId: number;
          subjectId: number;
        }[];
      };
    };
    /** PostStudyBody */
    PostStudyBody: {
      /** @enum {unknown} */
      kind: 'recent_lessons' | 'recent_mistakes' | 'burned_items';
      assignment_id?: number;
    };
    /** PostStudyResponse */
    PostStudyResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data:
        | {
            /** @enum {unknown} */
            kind: 'recent_lessons' | 'recent_mistakes' | 'burned_items';
            /** @description True when the 100-item ceiling trimmed the set */
            capped: boolean;
            /** @description How many items are listed */
            total_count: number;
            progress: {
              remaining: number;
              total: number;
            };
            /** @description Items still to study (ids only; the only camelCase in the API) */
            items: {
              assignmentId: number;
              subjectId: number;
            }[];
          }
        | {
            /** @enum {unknown} */
            kind: 'recent_lessons' | 'recent_mistakes' | 'burned_items';
            progress: {
              remaining: number;
              total: number;
            };
          };
    };
    /** PostBurnManagerBody */
    PostBurnManagerBody: {
      /** @enum {unknown} */
      action: 'resurrect' | 'retire';
      /** @description Subject ids (not assignment ids), 1 to 200 */
      subject_ids: number[];
    };
    /** PostBurnManagerResponse */
    PostBurnManagerResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @enum {unknown} */
        action: 'resurrect' | 'retire';
        changed: number[];
        skipped: {
          subject_id: number;
          /** @enum {unknown} */
          reason: 'not_burned' | 'already_burned' | 'not_started' | 'not_resurrected' | 'not_found';
        }[];
      };
    };
    /** GetDashboardResponse */
    GetDashboardResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        username: string;
        level: number;
        /** @description Available lessons trimmed to today's allowance */
        lessons: {
          available: number;
          subject_ids: number[];
        };
        lesson_allowance: {
          /** @description Today's ceiling (max_daily_lessons, at most 100) */
          max: number;
          /** @description Every lesson started today in the user’s zone, past the cap included */
          started_today: number;
          /** @description Never negative */
          remaining: number;
        };
        vacation: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          started_at: string | null;
          /** @description Whole days away, 0 on the first day */
          days_away: number;
        };
        reviews: {
          available: number;
          subject_ids: number[];
        };
        /** @description Hours with arrivals over the next 7 days; cumulative starts from what already waits */
        forecast: {
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          available_at: string;
          count: number;
          cumulative: number;
        }[];
        level_progress: {
          level: number;
          radicals: {
            passed: number;
            total: number;
          };
          kanji: {
            passed: number;
            total: number;
          };
          vocabulary: {
            passed: number;
            total: number;
          };
          kanji_to_level_up: number;
        };
        item_spread: {
          apprentice: {
            radical: number;
            kanji: number;
            vocabulary: number;
            total: number;
          };
          guru: {
            radical: number;
            kanji: number;
            vocabulary: number;
            total: number;
          };
          master: {
            radical: number;
            kanji: number;
            vocabulary: number;
            total: number;
          };
          enlightened: {
            radical: number;
            kanji: number;
            vocabulary: number;
            total: number;
          };
          burned: {
            radical: number;
            kanji: number;
            vocabulary: number;
            total: number;
          };
        };
        /** @description The last 24 hours, worst first */
        recent_mistakes: {
          count: number;
          subject_ids: number[];
        };
        extra_study: {
          recent_lessons: {
            remaining: number;
            total: number;
          };
          recent_mistakes: {
            remaining: number;
            total: number;
          };
          burned_items: {
            remaining: number;
            total: number;
          };
        };
        days_studied: {
          /** @description Distinct local days with a lesson started or a review */
          days: number;
          /**
           * Format: date
           * @description YYYY-MM-DD in the user's time zone
           */
          first_studied_on: string | null;
          /**
           * Format: date
           * @description YYYY-MM-DD in the user's time zone
           */
          last_studied_on: string | null;
        };
        study_streak: {
          current: number;
          best: number;
          studied_today: boolean;
          /** @description Missed days still forgivable this week (Monday to Sunday) */
          offerings: number;
          /**
           * Format: date
           * @description YYYY-MM-DD in the user's time zone
           */
          today: string;
          /** @description 14 days, oldest first, ending today */
          recent_days: boolean[];
        };
        correct_percentage: {
          period: 'today' | 'past_7_days' | 'this_month' | 'past_28_days' | 'this_year' | 'past_365_days' | 'all_time';
          current: {
            reviews: number;
            /** @description Reviews answered right first time */
            correct: number;
            /** @description Null, not 0, with no reviews */
            percentage: number | null;
          };
          previous: {
            reviews: number;
            /** @description Reviews answered right first time */
            correct: number;
            /** @description Null, not 0, with no reviews */
            percentage: number | null;
          };
        };
        reviews_completed: {
          period: 'today' | 'past_7_days' | 'this_month' | 'past_28_days' | 'this_year' | 'past_365_days' | 'all_time';
          current: {
            reviews: number;
            /** @description Reviews answered right first time */
            correct: number;
            /** @description Null, not 0, with no reviews */
            percentage: number | null;
          };
          previous: {
            reviews: number;
            /** @description Reviews answered right first time */
            correct: number;
            /** @description Null, not 0, with no reviews */
            percentage: number | null;
          };
        };
        item_spread_view: 'table' | 'graph';
        recent_mistakes_mode: 'list' | 'flashcard';
        hidden_widgets: (
          | 'forecast'
          | 'level_progress'
          | 'item_spread'
          | 'extra_study'
          | 'recent_mistakes'
          | 'critical_items'
          | 'recently_unlocked'
          | 'recently_burned'
          | 'study_streak'
          | 'correct_percentage'
          | 'reviews_completed'
        )[];
        /** @description Last 30 days, newest first, at most 12 */
        recently_unlocked: {
          subject: {
            id: number;
            object: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
            data: {
              slug: string;
              level: number;
              characters: string | null;
              meanings: {
                meaning: string;
                primary: boolean;
                accepted_answer: boolean;
              }[];
            };
          };
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          at: string;
        }[];
        /** @description Last 30 days, newest first, at most 12 */
        recently_burned: {
          subject: {
            id: number;
            object: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
            data: {
              slug: string;
              level: number;
              characters: string | null;
              meanings: {
                meaning: string;
                primary: boolean;
                accepted_answer: boolean;
              }[];
            };
          };
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          at: string;
        }[];
        /** @description percentage_correct below 75, still in the cycle, worst first, at most 12 */
        critical_items: {
          subject: {
            id: number;
            object: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
            data: {
              slug: string;
              level: number;
              characters: string | null;
              meanings: {
                meaning: string;
                primary: boolean;
                accepted_answer: boolean;
              }[];
            };
          };
          percentage_correct: number;
        }[];
      };
    };
    /** GetReviewStatsResponse */
    GetReviewStatsResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        period: 'today' | 'past_7_days' | 'this_month' | 'past_28_days' | 'this_year' | 'past_365_days' | 'all_time';
        current: {
          reviews: number;
          /** @description Reviews answered right first time */
          correct: number;
          /** @description Null, not 0, with no reviews */
          percentage: number | null;
        };
        previous: {
          reviews: number;
          /** @description Reviews answered right first time */
          correct: number;
          /** @description Null, not 0, with no reviews */
          percentage: number | null;
        };
      };
    };
    /** GetDaysStudiedResponse */
    GetDaysStudiedResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @description Distinct local days with a lesson started or a review */
        days: number;
        /**
         * Format: date
         * @description YYYY-MM-DD in the user's time zone
         */
        first_studied_on: string | null;
        /**
         * Format: date
         * @description YYYY-MM-DD in the user's time zone
         */
        last_studied_on: string | null;
      };
    };
    /** GetHeatMapResponse */
    GetHeatMapResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        view: 'month' | 'year';
        offset: number;
        /**
         * Format: date
         * @description YYYY-MM-DD in the user's time zone
         */
        from: string;
        /**
         * Format: date
         * @description YYYY-MM-DD in the user's time zone
         */
        to: string;
        /** @description "November 2026" or "2026" */
        label: string;
        days: {
          /**
           * Format: date
           * @description YYYY-MM-DD in the user's time zone
           */
          day: string;
          reviews: number;
          lessons: number;
        }[];
      };
    };
    /** GetItemSpreadResponse */
    GetItemSpreadResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        total: number;
        /** @description apprentice (stages 1-4), guru (5-6), master (7), enlightened (8), burned (9) */
        buckets: {
          key: 'apprentice' | 'guru' | 'master' | 'enlightened' | 'burned';
          label: string;
          total: number;
          types: {
            key: 'radical' | 'kanji' | 'vocabulary';
            label: string;
            total: number;
            items: {
              id: number;
              object: 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
              data: {
                slug: string;
                level: number;
                characters: string | null;
                meanings: {
                  meaning: string;
                  primary: boolean;
                }[];
              };
            }[];
          }[];
        }[];
      };
    };
    /** GetLessonAllowanceResponse */
    GetLessonAllowanceResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @description Today's ceiling (max_daily_lessons, at most 100) */
        max: number;
        /** @description Every lesson started today in the user’s zone, past the cap included */
        started_today: number;
        /** @description Never negative */
        remaining: number;
      };
    };
    /** GetVacationResponse */
    GetVacationResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string | null;
        /** @description Whole days away, 0 on the first day */
        days_away: number;
      };
    };
    /** PutVacationBody */
    PutVacationBody: {
      /** @description true pauses the SRS clock, false resumes it */
      active: boolean;
    };
    /** PutVacationResponse */
    PutVacationResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string | null;
        /** @description Whole days away, 0 on the first day */
        days_away: number;
      };
    };
    /** PostInternalSessionsBody */
    PostInternalSessionsBody: {
      username: string;
      email?: string | null;
    };
    /** PostInternalSessionsResponse */
    PostInternalSessionsResponse: {
      /** @enum {string} */
      object: 'session';
      data: {
        token: string;
        user_id: string;
        expires_at: string;
      };
    };
    /** DeleteInternalSessionsBody */
    DeleteInternalSessionsBody: {
      token: string;
    };
    /** DeleteInternalSessionsResponse */
    DeleteInternalSessionsResponse: {
      /** @enum {string} */
      object: 'session';
      data: {
        revoked: number;
      };
    };
    /** PostSessionBody */
    PostSessionBody: {
      token: string;
    };
    /** PostSessionResponse */
    PostSessionResponse: {
      /** @enum {string} */
      object: 'session';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @description The learner's UUID */
        user_id: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        expires_at: string;
      };
    };
    /** DeleteSessionResponse */
    DeleteSessionResponse: {
      /** @enum {string} */
      object: 'session';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @description 1, or 0 when already gone */
        revoked: number;
      };
    };
    /** PostPushTokensBody */
    PostPushTokensBody: {
      /** @description ExponentPushToken[...] or ExpoPushToken[...]; a bare native token is refused */
      token: string;
      /** @description Omitted or null keeps what was stored */
      platform?: ('ios' | 'android') | (never | null);
    };
    /** PostPushTokensResponse */
    PostPushTokensResponse: {
      /** @enum {string} */
      object: 'push_token';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        token: string;
        platform: ('ios' | 'android') | (never | null);
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        registered_at: string;
      };
    };
    /** DeletePushTokensBody */
    DeletePushTokensBody: {
      /** @description ExponentPushToken[...] or ExpoPushToken[...]; a bare native token is refused */
      token: string;
      /** @description Omitted or null keeps what was stored */
      platform?: ('ios' | 'android') | (never | null);
    };
    /** DeletePushTokensResponse */
    DeletePushTokensResponse: {
      /** @enum {string} */
      object: 'push_token';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        removed: number;
      };
    };
    /** GetInternalPushResponse */
    GetInternalPushResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        outcome: 'completed' | 'no_devices' | 'already_running';
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        finished_at: string;
        counts: {
          sent: number;
          held_quiet_hours: number;
          no_change: number;
          on_vacation: number;
          no_devices: number;
          failed: number;
          users: number;
          messages: number;
          delivered: number;
          tokens_revoked: number;
          receipts_checked: number;
          receipts_pending: number;
          tickets_expired: number;
        };
        dry_run: boolean;
        users: {
          /** @description The learner (the uuid of /user) */
          user_id: string;
          decision: 'sent' | 'held_quiet_hours' | 'no_change' | 'on_vacation' | 'no_devices' | 'failed';
          /** @description Active devices */
          devices: number;
          reviews: number | null;
          lessons: number | null;
          /** @description The count last announced, after this run */
          baseline: number;
        }[];
      };
    };
    /** GetInternalNudgesResponse */
    GetInternalNudgesResponse: {
      /** @enum {string} */
      object: 'report';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        outcome: 'completed' | 'already_running';
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        started_at: string;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        finished_at: string;
        counts: {
          sent: number;
          no_email: number;
          unsubscribed: number;
          on_vacation: number;
          recently_nudged: number;
          recently_studied: number;
          too_few_reviews: number;
          backlog_too_recent: number;
          failed: number;
          users: number;
        };
        /** @description send; or why nothing was sent or written (dry_run, no_smtp, no_unsubscribe_secret) */
        mode: 'send' | 'dry_run' | 'no_smtp' | 'no_unsubscribe_secret';
        /** @description True when the run sent and wrote nothing (see mode) */
        dry_run: boolean;
        users: {
          /** @description The learner (the uuid of /user) */
          user_id: string;
          decision:
            | 'sent'
            | 'no_email'
            | 'unsubscribed'
            | 'on_vacation'
            | 'recently_nudged'
            | 'recently_studied'
            | 'too_few_reviews'
            | 'backlog_too_recent'
            | 'failed';
          reviews_waiting: number | null;
          /**
           * Format: date-time
           * @description ISO-8601 UTC with milliseconds
           */
          oldest_waiting_since: string | null;
        }[];
      };
    };
    /** PostUnsubscribeBody */
    PostUnsubscribeBody: {
      /** @description The HMAC token of the emailed link */
      token?: string;
    };
    /** PostUnsubscribeResponse */
    PostUnsubscribeResponse: {
      /** @enum {string} */
      object: 'unsubscribe';
      url: string;
      /**
       * Format: date-time
       * @description ISO-8601 UTC with milliseconds
       */
      data_updated_at: string | null;
      data: {
        /** @enum {boolean} */
        unsubscribed: true;
        /**
         * Format: date-time
         * @description ISO-8601 UTC with milliseconds
         */
        unsubscribed_at: string;
      };
    };
    /**
     * Liveness
     * @description The process is up and serving.
     */
    Liveness: {
      /** @enum {string} */
      status: 'ok';
    };
    /**
     * Readiness
     * @description Whether the server can answer the API: database reachable, migrations applied, content loaded.
     */
    Readiness: {
      status: 'ready' | 'not_ready';
      checks: {
        database: 'ok' | 'unreachable';
        migrations: 'ok' | 'pending' | 'unknown';
        content: 'ok' | 'empty' | 'unknown';
      };
      reason: string | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description The reference API revision whose bodies these are (20170710). */
    CompatRevision: string;
    /** @description The request id: the X-Request-Id the client sent when usable, else a new UUID. It names the request in the log. */
    RequestId: string;
    /** @description Strong validator of the exact body; send it back in If-None-Match. */
    ETag: string;
    /** @description The newest data_updated_at of the body, rounded up to the second; send it back in If-Modified-Since. */
    LastModified: string;
    /** @description Always `private, no-cache`: a learner’s data is revalidated before each reuse. */
    CacheControl: string;
    /** @description Advertised requests per minute (advisory: no 429 is ever sent). */
    RateLimitLimit: number;
    /** @description Advertised requests left in the window (advisory). */
    RateLimitRemaining: number;
    /** @description Unix time (seconds) when the advertised window resets. */
    RateLimitReset: number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getAbout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetAboutResponse'];
        };
      };
    };
  };
  getSubjects: {
    parameters: {
      query?: {
        /** @description Comma-separated subject ids */
        ids?: string;
        /** @description Comma-separated: radical, kanji, vocabulary, kana_vocabulary */
        types?: string;
        /** @description Comma-separated slugs */
        slugs?: string;
        /** @description Comma-separated levels */
        levels?: string;
        /** @description true or false */
        hidden?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "collection",
           *       "url": "https://study.example.org/api/v1/subjects?levels=1",
           *       "pages": {
           *         "per_page": 1000,
           *         "next_url": "https://study.example.org/api/v1/subjects?levels=1&page_after_id=1",
           *         "previous_url": null
           *       },
           *       "total_count": 63,
           *       "data_updated_at": "2026-11-23T15:44:57.032Z",
           *       "data": [
           *         {
           *           "id": 1,
           *           "object": "radical",
           *           "url": "https://study.example.org/api/v1/subjects/1",
           *           "data_updated_at": "2026-11-23T15:44:57.032Z",
           *           "data": {
           *             "created_at": "2026-11-21T00:00:00.000Z",
           *             "level": 1,
           *             "slug": "one",
           *             "hidden_at": null,
           *             "document_url": "https://jisho.org/search/%E4%B8%80",
           *             "characters": "一",
           *             "meanings": [
           *               {
           *                 "meaning": "One",
           *                 "primary": true,
           *                 "accepted_answer": true
           *               }
           *             ],
           *             "auxiliary_meanings": [
           *               {
           *                 "type": "whitelist",
           *                 "meaning": "Line"
           *               }
           *             ],
           *             "component_subject_ids": [],
           *             "amalgamation_subject_ids": [
           *               480,
           *               486,
           *               490
           *             ],
           *             "visually_similar_subject_ids": [],
           *             "meaning_mnemonic": "The radical <radical>One</radical> (<ja>一</ja>) is a part of 60 kanji in this curriculum, the first being <ja>一</ja> <kanji>One</kanji>, <ja>三</ja> <kanji>Three</kanji> and <ja>上</ja> <kanji>Above</kanji>.",
           *             "meaning_hint": "The same shape is also taught as the kanji <ja>一</ja> <kanji>One</kanji> (level 1).",
           *             "lesson_position": 0,
           *             "spaced_repetition_system_id": 2,
           *             "character_images": []
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['GetSubjectsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "levels must be a comma-separated list of integers.",
           *       "code": 422
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSubjectsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": 1,
           *       "object": "radical",
           *       "url": "https://study.example.org/api/v1/subjects/1",
           *       "data_updated_at": "2026-11-23T15:44:57.032Z",
           *       "data": {
           *         "created_at": "2026-11-21T00:00:00.000Z",
           *         "level": 1,
           *         "slug": "one",
           *         "hidden_at": null,
           *         "document_url": "https://jisho.org/search/%E4%B8%80",
           *         "characters": "一",
           *         "meanings": [
           *           {
           *             "meaning": "One",
           *             "primary": true,
           *             "accepted_answer": true
           *           }
           *         ],
           *         "auxiliary_meanings": [
           *           {
           *             "type": "whitelist",
           *             "meaning": "Line"
           *           }
           *         ],
           *         "component_subject_ids": [],
           *         "amalgamation_subject_ids": [
           *           480,
           *           486,
           *           490
           *         ],
           *         "visually_similar_subject_ids": [],
           *         "meaning_mnemonic": "The radical <radical>One</radical> (<ja>一</ja>) is a part of 60 kanji in this curriculum, the first being <ja>一</ja> <kanji>One</kanji>, <ja>三</ja> <kanji>Three</kanji> and <ja>上</ja> <kanji>Above</kanji>.",
           *         "meaning_hint": "The same shape is also taught as the kanji <ja>一</ja> <kanji>One</kanji> (level 1).",
           *         "lesson_position": 0,
           *         "spaced_repetition_system_id": 2,
           *         "character_images": []
           *       }
           *     }
           */
          'application/json': components['schemas']['GetSubjectsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSpacedRepetitionSystems: {
    parameters: {
      query?: {
        /** @description Comma-separated ids */
        ids?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetSpacedRepetitionSystemsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSpacedRepetitionSystemsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetSpacedRepetitionSystemsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getVoiceActors: {
    parameters: {
      query?: {
        /** @description Comma-separated ids */
        ids?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetVoiceActorsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getVoiceActorsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetVoiceActorsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getResets: {
    parameters: {
      query?: {
        /** @description Comma-separated ids */
        ids?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetResetsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getResetsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetResetsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getLevelProgressions: {
    parameters: {
      query?: {
        /** @description Comma-separated ids */
        ids?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetLevelProgressionsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getLevelProgressionsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetLevelProgressionsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "user",
           *       "url": "https://study.example.org/api/v1/user",
           *       "data_updated_at": "2026-11-23T15:46:05.507Z",
           *       "data": {
           *         "id": "803ca44a-a6c7-483c-a0ce-44129ebb76cd",
           *         "username": "demo",
           *         "level": 1,
           *         "profile_url": "https://study.example.org/users/demo",
           *         "started_at": "2026-11-23T15:45:00.864Z",
           *         "current_vacation_started_at": null,
           *         "timezone": "Asia/Manila",
           *         "subscription": {
           *           "type": "lifetime",
           *           "active": true,
           *           "period_ends_at": null,
           *           "max_level_granted": 60
           *         },
           *         "preferences": {
           *           "lessons_batch_size": 5,
           *           "max_daily_lessons": 100,
           *           "lessons_interleave": false,
           *           "lessons_autoplay_audio": false,
           *           "reviews_presentation_order": "shuffled",
           *           "reviews_autoplay_audio": false,
           *           "extra_study_autoplay_audio": false,
           *           "reviews_srs_indicator": true,
           *           "default_voice_gender": "random",
           *           "correct_percentage_period": "past_7_days",
           *           "reviews_completed_period": "past_7_days",
           *           "item_spread_view": "table",
           *           "recent_mistakes_mode": "list",
           *           "hidden_widgets": [],
           *           "heat_map_view": "month",
           *           "default_voice_actor_id": 1,
           *           "lessons_presentation_order": "ascending_level_then_subject",
           *           "reviews_display_srs_indicator": true
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['GetUserResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "user": {
         *         "preferences": {
         *           "lessons_batch_size": 5
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['PutUserBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "user",
           *       "url": "https://study.example.org/api/v1/user",
           *       "data_updated_at": "2026-11-23T15:46:05.507Z",
           *       "data": {
           *         "id": "803ca44a-a6c7-483c-a0ce-44129ebb76cd",
           *         "username": "demo",
           *         "level": 1,
           *         "profile_url": "https://study.example.org/users/demo",
           *         "started_at": "2026-11-23T15:45:00.864Z",
           *         "current_vacation_started_at": null,
           *         "timezone": "Asia/Manila",
           *         "subscription": {
           *           "type": "lifetime",
           *           "active": true,
           *           "period_ends_at": null,
           *           "max_level_granted": 60
           *         },
           *         "preferences": {
           *           "lessons_batch_size": 5,
           *           "max_daily_lessons": 100,
           *           "lessons_interleave": false,
           *           "lessons_autoplay_audio": false,
           *           "reviews_presentation_order": "shuffled",
           *           "reviews_autoplay_audio": false,
           *           "extra_study_autoplay_audio": false,
           *           "reviews_srs_indicator": true,
           *           "default_voice_gender": "random",
           *           "correct_percentage_period": "past_7_days",
           *           "reviews_completed_period": "past_7_days",
           *           "item_spread_view": "table",
           *           "recent_mistakes_mode": "list",
           *           "hidden_widgets": [],
           *           "heat_map_view": "month",
           *           "default_voice_actor_id": 1,
           *           "lessons_presentation_order": "ascending_level_then_subject",
           *           "reviews_display_srs_indicator": true
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['PutUserResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSearch: {
    parameters: {
      query?: {
        /** @description Query, trimmed, at most 64 characters */
        q?: string;
        /** @description Results, default 12, at most 30 */
        limit?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetSearchResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAssignments: {
    parameters: {
      query?: {
        /** @description Comma-separated assignment ids */
        ids?: string;
        /** @description Comma-separated subject ids */
        subject_ids?: string;
        /** @description Comma-separated: radical, kanji, vocabulary, kana_vocabulary */
        subject_types?: string;
        /** @description Comma-separated stages 0-9 */
        srs_stages?: string;
        /** @description Comma-separated levels (the subject's) */
        levels?: string;
        /** @description true or false (only true and 1 are true) */
        unlocked?: string;
        /** @description true or false (only true and 1 are true) */
        started?: string;
        /** @description true or false (only true and 1 are true) */
        passed?: string;
        /** @description true or false (only true and 1 are true) */
        burned?: string;
        /** @description true or false (only true and 1 are true) */
        hidden?: string;
        /** @description true or false (only true and 1 are true); true means brought back from burned at least once */
        resurrected?: string;
        /** @description ISO-8601, inclusive */
        available_after?: string;
        /** @description ISO-8601, inclusive */
        available_before?: string;
        /** @description Valueless flag */
        immediately_available_for_lessons?: string;
        /** @description Valueless flag */
        immediately_available_for_review?: string;
        /** @description Valueless flag */
        in_review?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "collection",
           *       "url": "https://study.example.org/api/v1/assignments?started=true",
           *       "pages": {
           *         "per_page": 500,
           *         "next_url": null,
           *         "previous_url": null
           *       },
           *       "total_count": 1,
           *       "data_updated_at": "2026-11-23T15:46:05.705Z",
           *       "data": [
           *         {
           *           "id": 1,
           *           "object": "assignment",
           *           "url": "https://study.example.org/api/v1/assignments/1",
           *           "data_updated_at": "2026-11-23T15:46:05.705Z",
           *           "data": {
           *             "created_at": "2026-11-23T15:45:00.864Z",
           *             "subject_id": 1,
           *             "subject_type": "radical",
           *             "srs_stage": 1,
           *             "unlocked_at": "2026-11-23T15:45:00.864Z",
           *             "started_at": "2026-11-23T15:46:05.507Z",
           *             "passed_at": null,
           *             "burned_at": null,
           *             "available_at": "2026-11-23T17:00:00.000Z",
           *             "resurrected_at": null,
           *             "hidden": false
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['GetAssignmentsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAssignmentsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": 1,
           *       "object": "assignment",
           *       "url": "https://study.example.org/api/v1/assignments/1",
           *       "data_updated_at": "2026-11-23T15:46:05.705Z",
           *       "data": {
           *         "created_at": "2026-11-23T15:45:00.864Z",
           *         "subject_id": 1,
           *         "subject_type": "radical",
           *         "srs_stage": 1,
           *         "unlocked_at": "2026-11-23T15:45:00.864Z",
           *         "started_at": "2026-11-23T15:46:05.507Z",
           *         "passed_at": null,
           *         "burned_at": null,
           *         "available_at": "2026-11-23T17:00:00.000Z",
           *         "resurrected_at": null,
           *         "hidden": false
           *       }
           *     }
           */
          'application/json': components['schemas']['GetAssignmentsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putAssignmentsByIdStart: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutAssignmentsByIdStartBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PutAssignmentsByIdStartResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getReviews: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetReviewsResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postReviews: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "review": {
         *         "assignment_id": 1,
         *         "incorrect_meaning_answers": 1,
         *         "incorrect_reading_answers": 0
         *       }
         *     }
         */
        'application/json': components['schemas']['PostReviewsBody'];
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": 1,
           *       "object": "review",
           *       "url": "https://study.example.org/api/v1/reviews/1",
           *       "data_updated_at": "2026-11-23T15:46:05.705Z",
           *       "data": {
           *         "created_at": "2026-11-23T15:46:05.705Z",
           *         "assignment_id": 1,
           *         "subject_id": 1,
           *         "starting_srs_stage": 1,
           *         "ending_srs_stage": 1,
           *         "incorrect_meaning_answers": 1,
           *         "incorrect_reading_answers": 0,
           *         "spaced_repetition_system_id": 2
           *       },
           *       "resources_updated": {
           *         "assignment": {
           *           "id": 1,
           *           "object": "assignment",
           *           "url": "https://study.example.org/api/v1/assignments/1",
           *           "data_updated_at": "2026-11-23T15:46:05.705Z",
           *           "data": {
           *             "created_at": "2026-11-23T15:45:00.864Z",
           *             "subject_id": 1,
           *             "subject_type": "radical",
           *             "srs_stage": 1,
           *             "unlocked_at": "2026-11-23T15:45:00.864Z",
           *             "started_at": "2026-11-23T15:46:05.507Z",
           *             "passed_at": null,
           *             "burned_at": null,
           *             "available_at": "2026-11-23T17:00:00.000Z",
           *             "resurrected_at": null,
           *             "hidden": false
           *           }
           *         },
           *         "review_statistic": {
           *           "id": 1,
           *           "object": "review_statistic",
           *           "url": "https://study.example.org/api/v1/review_statistics/1",
           *           "data_updated_at": "2026-11-23T15:46:05.705Z",
           *           "data": {
           *             "created_at": "2026-11-23T15:46:05.705Z",
           *             "subject_id": 1,
           *             "subject_type": "radical",
           *             "meaning_correct": 1,
           *             "meaning_incorrect": 1,
           *             "meaning_max_streak": 1,
           *             "meaning_current_streak": 1,
           *             "reading_correct": 0,
           *             "reading_incorrect": 0,
           *             "reading_max_streak": 0,
           *             "reading_current_streak": 0,
           *             "percentage_correct": 50,
           *             "hidden": false
           *           }
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['PostReviewsResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Assignment is burned and cannot be reviewed.",
           *       "code": 422
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getReviewsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getReviewStatistics: {
    parameters: {
      query?: {
        /** @description Comma-separated ids */
        ids?: string;
        /** @description Comma-separated subject ids */
        subject_ids?: string;
        /** @description Comma-separated: radical, kanji, vocabulary, kana_vocabulary */
        subject_types?: string;
        /** @description true or false */
        hidden?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Integer; percentage_correct at least this (inclusive) */
        percentages_greater_than?: string;
        /** @description Integer; percentage_correct at most this (inclusive) */
        percentages_less_than?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetReviewStatisticsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getReviewStatisticsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetReviewStatisticsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getStudyMaterials: {
    parameters: {
      query?: {
        /** @description Comma-separated ids */
        ids?: string;
        /** @description Comma-separated subject ids */
        subject_ids?: string;
        /** @description Comma-separated: radical, kanji, vocabulary, kana_vocabulary */
        subject_types?: string;
        /** @description true or false */
        hidden?: string;
        /** @description ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored. */
        updated_after?: string;
        /** @description Return ids greater than this (any value below the smallest id means from the start). */
        page_after_id?: string;
        /** @description Return the page of ids just below this. */
        page_before_id?: string;
      };
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetStudyMaterialsResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postStudyMaterials: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostStudyMaterialsBody'];
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostStudyMaterialsResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getStudyMaterialsById: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetStudyMaterialsByIdResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putStudyMaterialsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Resource id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutStudyMaterialsByIdBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PutStudyMaterialsByIdResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSummary: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetSummaryResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getUnlockable: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetUnlockableResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAdvance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostAdvanceBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostAdvanceResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getStudy: {
    parameters: {
      query?: {
        /** @description Required: recent_lessons, recent_mistakes, burned_items */
        kind?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetStudyResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postStudy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostStudyBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostStudyResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      404: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Not found",
           *       "code": 404
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBurnManager: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostBurnManagerBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostBurnManagerResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDashboard: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetDashboardResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getReviewStats: {
    parameters: {
      query?: {
        /** @description One of today, past_7_days, this_month, past_28_days, this_year, past_365_days, all_time; default past_7_days */
        period?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetReviewStatsResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDaysStudied: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when the body is unchanged. */
        'If-None-Match'?: string;
        /** @description A Last-Modified from an earlier answer (ignored when If-None-Match is sent): 304 when nothing changed since. */
        'If-Modified-Since'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          'Cache-Control': components['headers']['CacheControl'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetDaysStudiedResponse'];
        };
      };
      /** @description Not Modified: the validators sent match; no body. */
      304: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          ETag: components['headers']['ETag'];
          'Last-Modified': components['headers']['LastModified'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getHeatMap: {
    parameters: {
      query?: {
        /** @description month (default) or year */
        view?: string;
        /** @description Whole periods back, 0 (default, now) to 120 */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetHeatMapResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getItemSpread: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetItemSpreadResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getLessonAllowance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetLessonAllowanceResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getVacation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetVacationResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putVacation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutVacationBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PutVacationResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postInternalSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostInternalSessionsBody'];
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostInternalSessionsResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteInternalSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DeleteInternalSessionsBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeleteInternalSessionsResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSessionLink: {
    parameters: {
      query?: {
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to the web app */
      303: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  postSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostSessionBody'];
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostSessionResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeleteSessionResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postPushTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostPushTokensBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostPushTokensResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deletePushTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DeletePushTokensBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletePushTokensResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInternalPush: {
    parameters: {
      query?: {
        /** @description 1 or true: decide every user through the same path, and send and write nothing */
        dry_run?: '' | '1' | 'true' | '0' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetInternalPushResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInternalNudges: {
    parameters: {
      query?: {
        /** @description 1 or true: decide every user through the same path, and send and write nothing */
        dry_run?: '' | '1' | 'true' | '0' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GetInternalNudgesResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postUnsubscribe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostUnsubscribeBody'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostUnsubscribeResponse'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      401: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "Unauthorized. Provide a valid API token.",
           *       "code": 401
           *     }
           */
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Every error: a human-readable sentence and the HTTP status. */
      422: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getHealthz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The process is up and serving. */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          'application/json': components['schemas']['Liveness'];
        };
      };
    };
  };
  getReadyz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Whether the server can answer the API: database reachable, migrations applied, content loaded. */
      200: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ready",
           *       "checks": {
           *         "database": "ok",
           *         "migrations": "ok",
           *         "content": "ok"
           *       },
           *       "reason": null
           *     }
           */
          'application/json': components['schemas']['Readiness'];
        };
      };
      /** @description Whether the server can answer the API: database reachable, migrations applied, content loaded. */
      503: {
        headers: {
          'Compat-Revision': components['headers']['CompatRevision'];
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ready",
           *       "checks": {
           *         "database": "ok",
           *         "migrations": "ok",
           *         "content": "ok"
           *       },
           *       "reason": null
           *     }
           */
          'application/json': components['schemas']['Readiness'];
        };
      };
    };
  };
}
