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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    /** Update time zone and preferences (bare or {user: {...}}) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description IANA zone name, e.g. Asia/Manila */
            timezone?: string | null;
            /** @description Merged key by key */
            preferences?: {
              [key: string]: unknown;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    put: {
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
          'application/json': {
            /** @description ISO-8601; defaults to now */
            started_at?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    put?: never;
    /** Submit a review: the only call that moves the SRS (bare or {review: {...}}) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            assignment_id?: number;
            subject_id?: number;
            incorrect_meaning_answers: number;
            incorrect_reading_answers: number;
            /** @description ISO-8601 answer time (offline queue); clamped to [started_at, now] */
            created_at?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    put?: never;
    /** Create notes and synonyms for a subject (bare or {study_material: {...}}) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            subject_id: number;
            meaning_note?: string | null;
            reading_note?: string | null;
            meaning_synonyms?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    /** Update notes and synonyms (omitted fields untouched; null clears a note) */
    put: {
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
          'application/json': {
            meaning_note?: string | null;
            reading_note?: string | null;
            meaning_synonyms?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Open only these out of the tranche; ids not in it are ignored */
            subject_ids?: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    put?: never;
    /** With only kind: open or resume a cycle. With assignment_id: record one item done (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {unknown} */
            kind: 'recent_lessons' | 'recent_mistakes' | 'burned_items';
            assignment_id?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {unknown} */
            action: 'resurrect' | 'retire';
            /** @description Subject ids (not assignment ids), 1 to 200 */
            subject_ids: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    /** Pause or resume the SRS clock (bare or {vacation: {...}}); idempotent both ways */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description true pauses the SRS clock, false resumes it */
            active: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            username: string;
            email?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              object: 'session';
              data: {
                token: string;
                user_id: string;
                expires_at: string;
              };
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    /** Revoke a session (shared secret) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              object: 'session';
              data: {
                revoked: number;
              };
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
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
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    /** Sign out: revokes the browser's session and clears its cookie */
    delete: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description ExponentPushToken[...] or ExpoPushToken[...]; a bare native token is refused */
            token: string;
            /** @description Omitted or null keeps what was stored */
            platform?: ('ios' | 'android') | (never | null);
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
    /** Retire one of the caller's push tokens; idempotent */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description ExponentPushToken[...] or ExpoPushToken[...]; a bare native token is refused */
            token: string;
            /** @description Omitted or null keeps what was stored */
            platform?: ('ios' | 'android') | (never | null);
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    get: {
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
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
    post: {
      parameters: {
        query?: {
          /** @description The HMAC token of the emailed link */
          token?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The HMAC token of the emailed link */
            token?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
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
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
        /** @description Every error: a human-readable sentence and the HTTP status. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              code: number;
            };
          };
        };
      };
    };
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
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
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
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          'application/json': {
            /** @enum {string} */
            status: 'ok';
          };
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
          'application/json': {
            status: 'ready' | 'not_ready';
            checks: {
              database: 'ok' | 'unreachable';
              migrations: 'ok' | 'pending' | 'unknown';
              content: 'ok' | 'empty' | 'unknown';
            };
            reason: string | null;
          };
        };
      };
      /** @description Whether the server can answer the API: database reachable, migrations applied, content loaded. */
      503: {
        headers: {
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
          'application/json': {
            status: 'ready' | 'not_ready';
            checks: {
              database: 'ok' | 'unreachable';
              migrations: 'ok' | 'pending' | 'unknown';
              content: 'ok' | 'empty' | 'unknown';
            };
            reason: string | null;
          };
        };
      };
    };
  };
}
