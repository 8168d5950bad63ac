/* stern-notation.h: hole names, move paths, position strings and game
 * records (doc/rules.md §7).  Every parser reports what is wrong and where.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-game.h"

/* "m1-m3-k5" on the star, "a1-a3-c3" on a square board; returns a newly
 * allocated string. */
char    *stern_notation_format_path_in (const SternVariant *variant,
                                        const uint8_t *path, size_t len);
/* Parses cells of the variant's board joined by '-' into path (room for
 * STERN_MAX_PATH); the error names the bad part and its column (1-based). */
gboolean stern_notation_parse_path_in (const SternVariant *variant, const char *text,
                                       uint8_t *path, size_t *len, GError **error);
/* The same on the star. */
char    *stern_notation_format_path (const uint8_t *path, size_t len);
gboolean stern_notation_parse_path (const char *text, uint8_t *path, size_t *len,
                                    GError **error);

/* An action as a record writes it: its path in the variant's names (on
 * the star when variant is NULL), "--" for a pass, "resign(white)",
 * "timeout(black)".  The journal and the protocol send the same tokens. */
char    *stern_notation_format_action (const SternVariant *variant, const SternAction *action);

/* "<variant> <colour on turn> <colour>:<hole>,… …"; the variant names
 * the board and, on the squares, the movement mode ("ugolki+diag"). */
char    *stern_notation_format_position (const SternVariant *variant, const SternPosition *pos);
gboolean stern_notation_parse_position (const char *text, const SternVariant **variant,
                                        SternPosition *pos, GError **error);

/* Tags a record may carry besides the moves. */
typedef struct {
  char *date;                          /* "2026.11.29", or NULL */
  char *players[STERN_N_SEATS];        /* names by seat, or NULL */
} SternRecordTags;

void     stern_record_tags_clear (SternRecordTags *tags);

/* The game record: tags, then the numbered moves ("--" for a pass). */
char      *stern_record_write (const SternGame *game, const SternRecordTags *tags);
/* Reads a record and replays it (text as stern_record_decode() makes it,
 * which it is run through); errors give line and column.  Tag names are
 * case-sensitive; a second Variant, Preset or Position tag, or a tag that
 * looks like a misspelt one of them, is an error naming the line.  tags
 * may be NULL. */
SternGame *stern_record_read (const char *text, SternRecordTags *tags, GError **error);
/* The same, adding to warnings (a GPtrArray of newly allocated strings,
 * which may be NULL) what the record gets wrong without losing moves: a
 * Result tag that is not a result or disagrees with the moves (the moves
 * decide), a tag the game does not know, text read as Latin-1; each
 * starts "line N: ". */
SternGame *stern_record_read_with_warnings (const char *text, SternRecordTags *tags,
                                            GPtrArray *warnings, GError **error);
/* A record file's bytes (len of them, NUL bytes included) as the text the
 * readers take: UTF-8 with "\n" line ends.  A UTF-8 byte-order mark is
 * skipped; "\r\n" and a lone "\r" end a line as "\n" does; text that is
 * not UTF-8 is read as Latin-1 (ISO 8859-1), with a warning naming the
 * first line where it is not.  UTF-16 (with or without its mark) and other
 * bytes with NULs in them are refused (STERN_ERROR_PARSE, saying which). */
char      *stern_record_decode (const char *data, gsize len, GPtrArray *warnings,
                                GError **error);
/* "1-0", "0-1", "1/2-1/2", "white:1 red:2 …" or "*" while playing. */
char      *stern_record_result (const SternGame *game);
