/* stern-notation.c: text forms of moves, positions and games (doc/rules.md §7).
 *
 * Every parser here takes untrusted text (command line, saved files) and
 * must fail with a message that says what is wrong and where, never crash.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-notation.h"

#include <string.h>

#define RECORD_MAX_LINE_LEN 100000

/* ---- paths ---- */

char *
stern_notation_format_path_in (const SternVariant *variant, const uint8_t *path, size_t len)
{
  GString *out;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (path != NULL || len == 0, NULL);
  out = g_string_new (NULL);
  for (size_t i = 0; i < len; i++)
    {
      char name[STERN_HOLE_NAME_MAX];

      stern_variant_cell_name (variant, path[i], name);
      if (i > 0)
        g_string_append_c (out, '-');
      g_string_append (out, name);
    }
  return g_string_free (out, FALSE);
}

char *
stern_notation_format_path (const uint8_t *path, size_t len)
{
  return stern_notation_format_path_in (stern_variant_get (0), path, len);
}

/* What a cell name looks like on the variant's board, for messages. */
static const char *
cell_example (const SternVariant *variant)
{
  switch (variant->board_size)
    {
    case 8:  return "a cell of the 8×8 board is a letter a–h and a number 1–8, such as a1 or h8";
    case 10: return "a cell of the 10×10 board is a letter a–j and a number 1–10, such as a1 or j10";
    default: return "a hole is a letter and a number, such as m1 or e17";
    }
}

gboolean
stern_notation_parse_path (const char *text, uint8_t *path, size_t *len, GError **error)
{
  return stern_notation_parse_path_in (stern_variant_get (0), text, path, len, error);
}

gboolean
stern_notation_parse_path_in (const SternVariant *variant, const char *text,
                              uint8_t *path, size_t *len, GError **error)
{
  const char *p;
  size_t n = 0;

  g_return_val_if_fail (variant != NULL, FALSE);
  g_return_val_if_fail (text != NULL && path != NULL && len != NULL, FALSE);

  p = text;
  for (;;)
    {
      const char *end = p;
      unsigned cell;

      while (*end && *end != '-')
        end++;
      cell = stern_variant_cell_parse (variant, p, (size_t) (end - p));
      if (cell == STERN_NO_CELL)
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                       "column %ld: \"%.*s\" is not a %s (%s)",
                       (long) (p - text) + 1, (int) MIN (end - p, 20), p,
                       variant->board_size ? "cell" : "hole", cell_example (variant));
          return FALSE;
        }
      if (n >= STERN_MAX_PATH)
        {
          g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                       "column %ld: a path has at most %d holes",
                       (long) (p - text) + 1, STERN_MAX_PATH);
          return FALSE;
        }
      path[n++] = (uint8_t) cell;
      if (*end == '\0')
        break;
      p = end + 1;
    }
  if (n < 2)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "\"%s\": a move needs at least two holes joined by '-', such as l3-l4", text);
      return FALSE;
    }
  *len = n;
  return TRUE;
}

/* ---- positions ---- */

char *
stern_notation_format_position (const SternVariant *variant, const SternPosition *pos)
{
  GString *out;

  g_return_val_if_fail (variant != NULL && pos != NULL, NULL);
  out = g_string_new (variant->id);
  g_string_append_printf (out, " %s", stern_seat_colour_name (pos->to_move));
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      SternSet marbles = pos->marbles[seat];
      bool first = true;

      if (!marbles)
        continue;
      g_string_append_printf (out, " %s:", stern_seat_colour_name (seat));
      while (marbles)
        {
          char name[STERN_HOLE_NAME_MAX];

          stern_variant_cell_name (variant, stern_set_pop (&marbles), name);
          g_string_append_printf (out, "%s%s", first ? "" : ",", name);
          first = false;
        }
    }
  return g_string_free (out, FALSE);
}

static void
set_position_error (GError **error, const char *text, const char *at, const char *fmt, ...)
  G_GNUC_PRINTF (4, 5);

static void
set_position_error (GError **error, const char *text, const char *at, const char *fmt, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, fmt);
  message = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE, "position, column %ld: %s",
               (long) (at - text) + 1, message);
}

static const char *
skip_spaces (const char *p)
{
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
    p++;
  return p;
}

static const char *
word_end (const char *p)
{
  while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
    p++;
  return p;
}

gboolean
stern_notation_parse_position (const char *text, const SternVariant **variant_out,
                               SternPosition *pos_out, GError **error)
{
  const SternVariant *variant;
  SternPosition pos;
  const char *p, *end;
  g_autofree char *id = NULL;
  unsigned turn;
  bool seen[STERN_N_SEATS] = { false };

  g_return_val_if_fail (text != NULL && pos_out != NULL, FALSE);

  p = skip_spaces (text);
  end = word_end (p);
  if (end == p)
    {
      set_position_error (error, text, p, "empty; expected a variant such as classic-2");
      return FALSE;
    }
  id = g_strndup (p, (gsize) (end - p));
  variant = stern_variant_lookup (id);
  if (variant == NULL)
    {
      set_position_error (error, text, p, "unknown variant \"%.20s\"", id);
      return FALSE;
    }

  p = skip_spaces (end);
  end = word_end (p);
  turn = stern_seat_from_colour_name (p, (size_t) (end - p));
  if (end == p)
    {
      set_position_error (error, text, p, "missing the colour on turn");
      return FALSE;
    }
  if (turn == STERN_NO_SEAT)
    {
      set_position_error (error, text, p, "\"%.*s\" is not a colour (white, red, blue, black, yellow, green)",
                          (int) MIN (end - p, 20), p);
      return FALSE;
    }
  if (!stern_variant_has_seat (variant, turn))
    {
      set_position_error (error, text, p, "%s does not play in %s",
                          stern_seat_colour_name (turn), variant->id);
      return FALSE;
    }

  stern_position_clear (&pos);
  stern_position_set_to_move (&pos, turn);

  for (p = skip_spaces (end); *p; p = skip_spaces (end))
    {
      const char *colon, *q;
      unsigned seat, count = 0;

      end = word_end (p);
      colon = memchr (p, ':', (size_t) (end - p));
      if (colon == NULL)
        {
          set_position_error (error, text, p, "expected <colour>:<hole>,… but found \"%.*s\"",
                              (int) MIN (end - p, 20), p);
          return FALSE;
        }
      seat = stern_seat_from_colour_name (p, (size_t) (colon - p));
      if (seat == STERN_NO_SEAT)
        {
          set_position_error (error, text, p, "\"%.*s\" is not a colour",
                              (int) MIN (colon - p, 20), p);
          return FALSE;
        }
      if (!stern_variant_has_seat (variant, seat))
        {
          set_position_error (error, text, p, "%s does not play in %s",
                              stern_seat_colour_name (seat), variant->id);
          return FALSE;
        }
      if (seen[seat])
        {
          set_position_error (error, text, p, "%s is listed twice", stern_seat_colour_name (seat));
          return FALSE;
        }
      seen[seat] = true;

      for (q = colon + 1; q < end;)
        {
          const char *comma = q;
          unsigned cell;

          while (comma < end && *comma != ',')
            comma++;
          cell = stern_variant_cell_parse (variant, q, (size_t) (comma - q));
          if (cell == STERN_NO_CELL)
            {
              set_position_error (error, text, q, "\"%.*s\" is not a %s of %s (%s)",
                                  (int) MIN (comma - q, 20), q,
                                  variant->board_size ? "cell" : "hole", variant->id,
                                  cell_example (variant));
              return FALSE;
            }
          if (pos.cell[cell] != STERN_EMPTY)
            {
              char name[STERN_HOLE_NAME_MAX];

              stern_variant_cell_name (variant, cell, name);
              set_position_error (error, text, q, "%s already holds a %s marble",
                                  name, stern_seat_colour_name (pos.cell[cell]));
              return FALSE;
            }
          if (++count > variant->marbles)
            {
              set_position_error (error, text, q, "%s has more than %u marbles",
                                  stern_seat_colour_name (seat), variant->marbles);
              return FALSE;
            }
          stern_position_put (&pos, seat, cell);
          q = comma < end ? comma + 1 : comma;
          if (comma < end && q == end)
            {
              set_position_error (error, text, comma, "a hole is missing after ','");
              return FALSE;
            }
        }
    }

  if (variant_out)
    *variant_out = variant;
  *pos_out = pos;
  return TRUE;
}

/* ---- results ---- */

char *
stern_record_result (const SternGame *game)
{
  const SternVariant *v;
  GString *out;

  g_return_val_if_fail (game != NULL, NULL);
  if (!stern_game_is_over (game))
    return g_strdup ("*");
  v = stern_game_get_variant (game);
  if (v->n_players == 2)
    {
      unsigned a = stern_game_get_place (game, v->seats[0]);
      unsigned b = stern_game_get_place (game, v->seats[1]);

      return g_strdup (a == b ? "1/2-1/2" : a < b ? "1-0" : "0-1");
    }
  out = g_string_new (NULL);
  for (unsigned i = 0; i < v->n_players; i++)
    g_string_append_printf (out, "%s%s:%u", i ? " " : "",
                            stern_seat_colour_name (v->seats[i]),
                            stern_game_get_place (game, v->seats[i]));
  return g_string_free (out, FALSE);
}

/* ---- record text ---- */

/* The line (1 = the first) of the byte at offset in data, counting "\r\n",
 * "\r" and "\n" as line ends. */
static unsigned
line_of_offset (const char *data, gsize offset)
{
  unsigned line = 1;

  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n' || (data[i] == '\r' && (i + 1 >= offset || data[i + 1] != '\n')))
      line++;
  return line;
}

/* UTF-16 without its mark: in ASCII text every other byte is NUL. */
static const char *
utf16_without_mark (const guchar *data, gsize len)
{
  gsize even = 0, odd = 0, n = MIN (len, 4096);

  for (gsize i = 0; i < n; i++)
    if (data[i] == 0 && i % 2 == 0)
      even++;
    else if (data[i] == 0)
      odd++;
  if (n >= 4 && odd * 3 >= n && even == 0)
    return "little-endian";
  if (n >= 4 && even * 3 >= n && odd == 0)
    return "big-endian";
  return NULL;
}

char *
stern_record_decode (const char *data, gsize len, GPtrArray *warnings, GError **error)
{
  const guchar *bytes = (const guchar *) data;
  const char *nul, *endian = NULL, *invalid = NULL;
  GString *out;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  if (len >= 2 && ((bytes[0] == 0xff && bytes[1] == 0xfe) || (bytes[0] == 0xfe && bytes[1] == 0xff)))
    endian = bytes[0] == 0xff ? "little-endian" : "big-endian";
  else if (memchr (data, '\0', len) != NULL)
    endian = utf16_without_mark (bytes, len);
  if (endian != NULL)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "the file is UTF-16 text (%s); game records are read as UTF-8: "
                   "save it as UTF-8 and open it again", endian);
      return NULL;
    }
  if ((nul = memchr (data, '\0', len)) != NULL)
    {
      g_set_error (error, STERN_ERROR, STERN_ERROR_PARSE,
                   "line %u: a NUL byte: this is not a text file",
                   line_of_offset (data, (gsize) (nul - data)));
      return NULL;
    }

  /* The mark some editors put first says only "UTF-8". */
  if (len >= 3 && bytes[0] == 0xef && bytes[1] == 0xbb && bytes[2] == 0xbf)
    {
      data += 3;
      bytes += 3;
      len -= 3;
    }

  out = g_string_sized_new (len + 1);
  if (!g_utf8_validate (data, (gssize) len, &invalid))
    {
      if (warnings != NULL)
        g_ptr_array_add (warnings,
                         g_strdup_printf ("line %u: the text is not UTF-8; it is read as "
                                          "Latin-1 (ISO 8859-1), which may show some "
                                          "letters of the names wrongly",
                                          line_of_offset (data, (gsize) (invalid - data))));
      for (gsize i = 0; i < len; i++)
        {
          if (bytes[i] < 0x80)
            g_string_append_c (out, (char) bytes[i]);
          else
            g_string_append_unichar (out, bytes[i]);
        }
    }
  else
    g_string_append_len (out, data, (gssize) len);

  /* One kind of line end for the readers. */
  {
    gsize to = 0;

    for (gsize from = 0; from < out->len; from++)
      {
        char c = out->str[from];

        if (c == '\r')
          {
            c = '\n';
            if (from + 1 < out->len && out->str[from + 1] == '\n')
              from++;
          }
        out->str[to++] = c;
      }
    g_string_truncate (out, to);
  }
  return g_string_free (out, FALSE);
}

/* ---- records ---- */

void
stern_record_tags_clear (SternRecordTags *tags)
{
  if (tags == NULL)
    return;
  g_clear_pointer (&tags->date, g_free);
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    g_clear_pointer (&tags->players[s], g_free);
}

static const char *const colour_tags[STERN_N_SEATS] = {
  "White", "Red", "Blue", "Black", "Yellow", "Green",
};

static void
append_tag (GString *out, const char *name, const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *c = value; *c; c++)
    {
      /* Keep one tag on one line, and quotes unambiguous. */
      if (*c == '"' || *c == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *c == '\n' || *c == '\r' ? ' ' : *c);
    }
  g_string_append (out, "\"]\n");
}

char *
stern_notation_format_action (const SternVariant *variant,
                              const SternAction  *action)
{
  g_return_val_if_fail (action != NULL, NULL);

  switch (action->kind)
    {
    case STERN_ACTION_MOVE:
      return variant != NULL ? stern_notation_format_path_in (variant, action->path, action->path_len)
                             : stern_notation_format_path (action->path, action->path_len);
    case STERN_ACTION_PASS:
      return g_strdup ("--");
    case STERN_ACTION_RESIGN:
      return g_strdup_printf ("resign(%s)", stern_seat_colour_name (action->seat));
    case STERN_ACTION_TIMEOUT:
      return g_strdup_printf ("timeout(%s)", stern_seat_colour_name (action->seat));
    default:
      g_return_val_if_reached (g_strdup ("?"));
    }
}

char *
stern_record_write (const SternGame *game, const SternRecordTags *tags)
{
  const SternVariant *v;
  g_autoptr (SternGame) start = NULL;
  g_autofree char *result = NULL;
  GString *out;
  guint n;
  unsigned prev_round = G_MAXUINT;

  g_return_val_if_fail (game != NULL, NULL);
  v = stern_game_get_variant (game);
  out = g_string_new (NULL);
  append_tag (out, "Variant", v->id);
  append_tag (out, "Preset", stern_preset_name (stern_game_get_preset (game)));
  if (tags && tags->date)
    append_tag (out, "Date", tags->date);
  for (unsigned i = 0; i < v->n_players; i++)
    {
      unsigned seat = v->seats[i];
      if (tags && tags->players[seat])
        append_tag (out, colour_tags[seat], tags->players[seat]);
    }

  /* The start on a copy: a game set up from a position records it. */
  start = stern_game_copy (game);
  n = stern_game_get_n_actions (game);
  stern_game_seek (start, 0);
  {
    SternRules rules;
    SternPosition initial;

    stern_rules_init (&rules, v, stern_game_get_preset (game));
    stern_position_set_start (&initial, &rules);
    if (memcmp (initial.cell, stern_game_get_position (start)->cell, sizeof initial.cell) != 0 ||
        initial.to_move != stern_game_get_position (start)->to_move)
      {
        g_autofree char *fen = stern_notation_format_position (v, stern_game_get_position (start));
        append_tag (out, "Position", fen);
      }
  }
  result = stern_record_result (game);
  append_tag (out, "Result", result);
  g_string_append_c (out, '\n');

  for (guint i = 0; i < n; i++)
    {
      const SternAction *action = stern_game_get_action (game, i);
      unsigned round = stern_game_get_action_round (game, i) - 1;
      g_autofree char *token = stern_notation_format_action (v, action);

      if (round != prev_round)
        {
          if (prev_round != G_MAXUINT)
            g_string_append_c (out, '\n');
          g_string_append_printf (out, "%u.", round + 1);
          prev_round = round;
        }
      g_string_append_c (out, ' ');
      g_string_append (out, token);
    }
  if (n > 0)
    g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

typedef struct {
  const char *text;
  const char *line_start;
  unsigned    line;
  GError    **error;
  GPtrArray  *warnings;   /* or NULL */
} RecordReader;

/* Where a tag's value was read, so its errors name its own line. */
typedef struct {
  unsigned    line;
  const char *line_start;
  const char *at;
} TagSpot;

static void
record_error (RecordReader *r, const char *at, SternErrorCode code, const char *fmt, ...)
  G_GNUC_PRINTF (4, 5);

static void
record_error (RecordReader *r, const char *at, SternErrorCode code, const char *fmt, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, fmt);
  message = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error (r->error, STERN_ERROR, code, "line %u, column %ld: %s",
               r->line, (long) g_utf8_pointer_to_offset (r->line_start, at) + 1, message);
}

/* Points the reader at a tag's line, for an error found after it. */
static void
record_goto_spot (RecordReader *r, const TagSpot *spot)
{
  r->line = spot->line;
  r->line_start = spot->line_start;
}

static void
record_warning (RecordReader *r, unsigned line, const char *fmt, ...)
  G_GNUC_PRINTF (3, 4);

static void
record_warning (RecordReader *r, unsigned line, const char *fmt, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (r->warnings == NULL)
    return;
  va_start (args, fmt);
  message = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_ptr_array_add (r->warnings, g_strdup_printf ("line %u: %s", line, message));
}

/* Parses `[Name "value"]` on one line; returns FALSE on a malformed tag.
 * value_at is where the value starts in the line. */
static gboolean
parse_tag (RecordReader *r, const char *p, const char *eol, char **name, char **value,
           const char **value_at)
{
  const char *q = p + 1, *name_start;
  GString *val;

  name_start = q;
  while (q < eol && (g_ascii_isalnum (*q) || *q == '_'))
    q++;
  if (q == name_start)
    {
      record_error (r, q, STERN_ERROR_PARSE, "expected a tag name after '['");
      return FALSE;
    }
  *name = g_strndup (name_start, (gsize) (q - name_start));
  while (q < eol && *q == ' ')
    q++;
  if (q >= eol || *q != '"')
    {
      record_error (r, q, STERN_ERROR_PARSE, "expected '\"' to start the value of tag %s", *name);
      g_clear_pointer (name, g_free);
      return FALSE;
    }
  q++;
  *value_at = q;
  val = g_string_new (NULL);
  while (q < eol && *q != '"')
    {
      if (*q == '\\' && q + 1 < eol)
        q++;
      g_string_append_c (val, *q++);
    }
  if (q >= eol)
    {
      record_error (r, q, STERN_ERROR_PARSE, "the value of tag %s has no closing '\"'", *name);
      g_string_free (val, TRUE);
      g_clear_pointer (name, g_free);
      return FALSE;
    }
  q++;
  while (q < eol && *q == ' ')
    q++;
  if (q >= eol || *q != ']')
    {
      record_error (r, q, STERN_ERROR_PARSE, "expected ']' to close tag %s", *name);
      g_string_free (val, TRUE);
      g_clear_pointer (name, g_free);
      return FALSE;
    }
  /* Moves after a tag on its line would otherwise be dropped without a word. */
  q++;
  while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
    q++;
  if (q < eol && *q != ';')
    {
      record_error (r, q, STERN_ERROR_PARSE,
                    "text after tag %s: moves and other tags go on lines of their own", *name);
      g_string_free (val, TRUE);
      g_clear_pointer (name, g_free);
      return FALSE;
    }
  *value = g_string_free (val, FALSE);
  return TRUE;
}

static gboolean
is_move_number (const char *p, const char *end)
{
  if (end - p < 2 || end[-1] != '.')
    return FALSE;
  for (const char *c = p; c < end - 1; c++)
    if (!g_ascii_isdigit (*c))
      return FALSE;
  return TRUE;
}

/* "resign(white)" or "timeout(white)": the seat, or STERN_NO_SEAT. */
static unsigned
parse_give_up (const char *p, const char *end, const char *word)
{
  size_t wlen = strlen (word);

  if ((size_t) (end - p) < wlen + 3 || strncmp (p, word, wlen) != 0 ||
      p[wlen] != '(' || end[-1] != ')')
    return STERN_NO_SEAT;
  return stern_seat_from_colour_name (p + wlen + 1, (size_t) (end - p) - wlen - 2);
}

static gboolean
play_token (RecordReader *r, SternGame *game, const char *p, const char *end)
{
  g_autofree char *token = g_strndup (p, (gsize) (end - p));
  g_autoptr (GError) local = NULL;
  unsigned seat;

  if (stern_game_is_over (game))
    {
      record_error (r, p, STERN_ERROR_GAME_OVER, "\"%.30s\" comes after the end of the game", token);
      return FALSE;
    }
  if (strcmp (token, "--") == 0)
    {
      if (!stern_game_pass (game, &local))
        {
          record_error (r, p, STERN_ERROR_ILLEGAL, "%s", local->message);
          return FALSE;
        }
      return TRUE;
    }
  if ((seat = parse_give_up (p, end, "resign")) != STERN_NO_SEAT ||
      (seat = parse_give_up (p, end, "timeout")) != STERN_NO_SEAT)
    {
      const SternVariant *variant = stern_game_get_variant (game);

      if (!stern_variant_has_seat (variant, seat))
        {
          record_error (r, p, STERN_ERROR_ILLEGAL, "%.30s: %s does not play in %s",
                        token, stern_seat_colour_name (seat), variant->id);
          return FALSE;
        }
    }
  if ((seat = parse_give_up (p, end, "resign")) != STERN_NO_SEAT)
    {
      if (!stern_game_resign (game, seat, &local))
        {
          record_error (r, p, STERN_ERROR_ILLEGAL, "%s", local->message);
          return FALSE;
        }
      return TRUE;
    }
  if ((seat = parse_give_up (p, end, "timeout")) != STERN_NO_SEAT)
    {
      if (!stern_game_timeout (game, seat, &local))
        {
          record_error (r, p, STERN_ERROR_ILLEGAL, "%s", local->message);
          return FALSE;
        }
      return TRUE;
    }

  {
    uint8_t path[STERN_MAX_PATH];
    size_t len;

    if (!stern_notation_parse_path_in (stern_game_get_variant (game), token, path, &len, &local))
      {
        record_error (r, p, STERN_ERROR_PARSE, "\"%.30s\" is not a move: %s", token, local->message);
        return FALSE;
      }
    if (!stern_game_play_path (game, path, len, &local))
      {
        record_error (r, p, STERN_ERROR_ILLEGAL, "%s: %s", token, local->message);
        return FALSE;
      }
  }
  return TRUE;
}

/* Round numbers ("1.", "2.", …) must follow each other (§7).  A number
 * that disagrees with the round the moves have reached is only a warning:
 * older versions counted the rounds of a record that starts with another
 * seat than the first on turn differently. */
static gboolean
check_round_number (RecordReader *r, SternGame *game, const char *p, const char *end,
                    guint64 *last_number, gboolean *warned)
{
  guint64 number = 0;

  for (const char *c = p; c < end - 1; c++)
    {
      number = number * 10 + (guint64) (*c - '0');
      if (number > G_MAXUINT32)
        break;
    }
  if (number != *last_number + 1 && *last_number == 0)
    {
      record_error (r, p, STERN_ERROR_PARSE, "the first round number is %.*s; expected 1.",
                    (int) MIN (end - p - 1, 20), p);
      return FALSE;
    }
  if (number != *last_number + 1)
    {
      record_error (r, p, STERN_ERROR_PARSE,
                    "round number %.*s comes after %" G_GUINT64_FORMAT "; expected %" G_GUINT64_FORMAT ".",
                    (int) MIN (end - p - 1, 20), p, *last_number, *last_number + 1);
      return FALSE;
    }
  *last_number = number;
  if (!*warned && !stern_game_is_over (game) && number != stern_game_get_round (game) + 1u)
    {
      record_warning (r, r->line, "round %u begins here, but the record numbers it %" G_GUINT64_FORMAT,
                      stern_game_get_round (game) + 1u, number);
      *warned = TRUE;
    }
  return TRUE;
}

static void
replace_string (char **slot, const char *value)
{
  g_free (*slot);
  *slot = g_strdup (value);
}

/* What the tags say about the game; checked on their own lines. */
typedef struct {
  const SternVariant *variant;
  TagSpot             variant_spot;
  SternPreset         preset;
  gboolean            has_preset;
  TagSpot             preset_spot;
  const SternVariant *position_variant;   /* NULL: no Position tag */
  SternPosition       position;
  TagSpot             position_spot;
} RecordSetup;

/* Reads the value of a Variant, Preset or Position tag; FALSE (with the
 * error on the tag's line) when it is not one the engine knows. */
static gboolean
read_setup_tag (RecordReader *r, RecordSetup *setup, const char *name, const char *value,
                const char *value_at)
{
  TagSpot spot = { r->line, r->line_start, value_at };

  if (g_str_equal (name, "Variant"))
    {
      setup->variant = stern_variant_lookup (value);
      setup->variant_spot = spot;
      if (setup->variant == NULL)
        {
          record_error (r, value_at, STERN_ERROR_PARSE, "unknown variant \"%.20s\"", value);
          return FALSE;
        }
    }
  else if (g_str_equal (name, "Preset"))
    {
      setup->has_preset = TRUE;
      setup->preset_spot = spot;
      if (!stern_preset_lookup (value, &setup->preset))
        {
          record_error (r, value_at, STERN_ERROR_PARSE, "unknown rule preset \"%.20s\"", value);
          return FALSE;
        }
    }
  else if (g_str_equal (name, "Position"))
    {
      g_autoptr (GError) local = NULL;

      setup->position_spot = spot;
      if (!stern_notation_parse_position (value, &setup->position_variant, &setup->position, &local))
        {
          record_error (r, value_at, STERN_ERROR_PARSE, "Position tag: %s", local->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* The game a record starts from: the variant's start or its Position tag.
 * at is where the moves start (NULL: the record has none). */
static SternGame *
stern_record_start_game (RecordReader *r, const RecordSetup *setup, const char *at)
{
  const SternVariant *variant = setup->variant;
  SternPreset preset = setup->has_preset ? setup->preset : STERN_PRESET_TABLE;

  if (variant == NULL)
    {
      if (at != NULL)
        record_error (r, at, STERN_ERROR_PARSE, "the moves start before a [Variant \"…\"] tag");
      else
        /* Where the reader stopped: the last line. */
        g_set_error (r->error, STERN_ERROR, STERN_ERROR_PARSE,
                     "line %u: the file ends with no [Variant \"…\"] tag: this is not a "
                     "Sternhalma game record", MAX (r->line, 2u) - 1u);
      return NULL;
    }
  {
    g_autoptr (GError) refused = NULL;

    if (!stern_preset_check (preset, variant, &refused))
      {
        record_goto_spot (r, &setup->preset_spot);
        record_error (r, setup->preset_spot.at, STERN_ERROR_ILLEGAL, "%s", refused->message);
        return NULL;
      }
  }
  if (setup->position_variant == NULL)
    return stern_game_new (variant, preset);
  if (setup->position_variant != variant)
    {
      record_goto_spot (r, &setup->position_spot);
      record_error (r, setup->position_spot.at, STERN_ERROR_PARSE,
                    "the Position tag is a %s position but the Variant tag says %s",
                    setup->position_variant->id, variant->id);
      return NULL;
    }
  return stern_game_new_from_position (variant, preset, &setup->position, NULL);
}

/* The tags a record may have: the engine's, then those the game's saved
 * games add (stern-saved-game.h), which the engine leaves to it. */
static const char *const known_tags[] = {
  "Variant", "Preset", "Position", "Date", "Result",
  "White", "Red", "Blue", "Black", "Yellow", "Green",
  "Seats", "Clock", "Rated", "Ply",
};

/* The tags that decide which game a record is: each at most once, and one
 * that looks misspelt is an error, not a warning. */
static gboolean
is_setup_tag (const char *name)
{
  return g_str_equal (name, "Variant") || g_str_equal (name, "Preset") ||
         g_str_equal (name, "Position");
}

/* Edit distance, for "did you mean": names are short (cut at 32). */
static unsigned
edit_distance (const char *a, const char *b)
{
  unsigned row[33], la = MIN (strlen (a), 32), lb = MIN (strlen (b), 32);

  for (unsigned j = 0; j <= lb; j++)
    row[j] = j;
  for (unsigned i = 1; i <= la; i++)
    {
      unsigned diagonal = row[0];

      row[0] = i;
      for (unsigned j = 1; j <= lb; j++)
        {
          unsigned above = row[j];
          unsigned cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + cost);
          diagonal = above;
        }
    }
  return row[lb];
}

/* The known tag an unknown name was probably meant to be, or NULL. */
static const char *
tag_suggestion (const char *name)
{
  const char *best = NULL;
  unsigned best_distance = 3;

  for (gsize i = 0; i < G_N_ELEMENTS (known_tags); i++)
    {
      unsigned d = g_ascii_strcasecmp (name, known_tags[i]) == 0 ? 0
                   : edit_distance (name, known_tags[i]);

      /* Short names are too near each other to guess at. */
      if (d < best_distance && (d == 0 || strlen (known_tags[i]) > 4))
        {
          best = known_tags[i];
          best_distance = d;
        }
    }
  return best;
}

static gboolean
is_known_tag (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (known_tags); i++)
    if (g_str_equal (name, known_tags[i]))
      return TRUE;
  return FALSE;
}

/* A Result tag's value is one the record could end with: "*", and for two
 * players 1-0, 0-1, 1/2-1/2; for more, each colour of the variant with a
 * place from 1 ("white:1 red:2 blue:2"). */
static gboolean
result_is_valid (const SternVariant *variant, const char *result)
{
  g_auto (GStrv) words = NULL;
  bool seen[STERN_N_SEATS] = { false };
  unsigned n_seen = 0;

  if (g_str_equal (result, "*"))
    return TRUE;
  if (variant->n_players == 2)
    return g_str_equal (result, "1-0") || g_str_equal (result, "0-1") ||
           g_str_equal (result, "1/2-1/2");
  words = g_strsplit (result, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *colon = strchr (words[i], ':');
      unsigned seat;
      guint64 place;

      if (colon == NULL)
        return FALSE;
      seat = stern_seat_from_colour_name (words[i], (size_t) (colon - words[i]));
      if (seat == STERN_NO_SEAT || !stern_variant_has_seat (variant, seat) || seen[seat] ||
          !g_ascii_string_to_unsigned (colon + 1, 10, 1, variant->n_players, &place, NULL))
        return FALSE;
      seen[seat] = true;
      n_seen++;
    }
  return n_seen == variant->n_players;
}

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

SternGame *
stern_record_read_with_warnings (const char *text, SternRecordTags *tags, GPtrArray *warnings,
                                 GError **error)
{
  RecordReader r = { 0 };
  RecordSetup setup = { 0 };
  g_autoptr (SternGame) game = NULL;
  g_autofree char *result = NULL;
  const char *p;
  TagSpot result_spot = { 0 };
  gboolean in_moves = FALSE, round_warned = FALSE;
  guint64 last_number = 0;
  SternRecordTags local_tags = { 0 };
  g_autofree char *decoded = NULL;
  /* The line each known tag was first read on, to name both of a pair. */
  g_autoptr (GHashTable) tag_lines = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (text != NULL, NULL);

  decoded = stern_record_decode (text, strlen (text), warnings, error);
  if (decoded == NULL)
    return NULL;
  text = decoded;

  r.text = text;
  r.error = error;
  r.warnings = warnings;
  r.line = 1;
  for (p = text; *p; r.line++)
    {
      const char *eol = strchr (p, '\n'), *q;

      if (eol == NULL)
        eol = p + strlen (p);
      r.line_start = p;
      if (eol - p > RECORD_MAX_LINE_LEN)
        {
          record_error (&r, p, STERN_ERROR_PARSE, "the line is too long");
          goto fail;
        }
      q = p;
      while (q < eol && is_blank (*q))
        q++;

      if (q < eol && *q == '[' && !in_moves)
        {
          g_autofree char *name = NULL, *value = NULL;
          const char *value_at = NULL;

          if (!parse_tag (&r, q, eol, &name, &value, &value_at))
            goto fail;
          if (!is_known_tag (name))
            {
              const char *meant = tag_suggestion (name);

              if (meant != NULL && is_setup_tag (meant))
                {
                  record_error (&r, q + 1, STERN_ERROR_PARSE,
                                "unknown tag \"%.20s\" (tag names are case-sensitive): "
                                "did you mean %s?", name, meant);
                  goto fail;
                }
              if (meant != NULL)
                record_warning (&r, r.line, "unknown tag \"%.20s\" is ignored: did you mean %s? "
                                "(tag names are case-sensitive)", name, meant);
              else
                record_warning (&r, r.line, "unknown tag \"%.20s\" is ignored", name);
              p = *eol ? eol + 1 : eol;
              continue;
            }
          {
            gpointer first = g_hash_table_lookup (tag_lines, name);

            if (first != NULL && (is_setup_tag (name) || g_str_equal (name, "Result")))
              {
                record_error (&r, q + 1, STERN_ERROR_PARSE,
                              "a second %s tag; the first is on line %u", name,
                              GPOINTER_TO_UINT (first));
                goto fail;
              }
            if (first != NULL)
              record_warning (&r, r.line, "a second %s tag; the one on line %u is ignored",
                              name, GPOINTER_TO_UINT (first));
            else
              {
                /* The key lives as long as the table: a known tag's name. */
                for (gsize k = 0; k < G_N_ELEMENTS (known_tags); k++)
                  if (g_str_equal (name, known_tags[k]))
                    g_hash_table_insert (tag_lines, (gpointer) known_tags[k],
                                         GUINT_TO_POINTER (r.line));
              }
          }
          if (!read_setup_tag (&r, &setup, name, value, value_at))
            goto fail;
          if (g_str_equal (name, "Date"))
            replace_string (&local_tags.date, value);
          else if (g_str_equal (name, "Result"))
            {
              replace_string (&result, value);
              result_spot = (TagSpot) { r.line, r.line_start, q };
            }
          else
            for (unsigned s = 0; s < STERN_N_SEATS; s++)
              if (g_str_equal (name, colour_tags[s]))
                replace_string (&local_tags.players[s], value);
        }
      else if (q < eol && *q != ';' && *q != '#')
        {
          if (!in_moves)
            {
              in_moves = TRUE;
              if (!(game = stern_record_start_game (&r, &setup, q)))
                goto fail;
            }
          /* Tokens up to the end of the line or a ';' comment. */
          while (q < eol && *q != ';')
            {
              const char *end = q;

              while (end < eol && !is_blank (*end) && *end != ';')
                end++;
              if (is_move_number (q, end))
                {
                  if (!check_round_number (&r, game, q, end, &last_number, &round_warned))
                    goto fail;
                }
              else if (!play_token (&r, game, q, end))
                goto fail;
              q = end;
              while (q < eol && is_blank (*q))
                q++;
            }
        }
      p = *eol ? eol + 1 : eol;
    }

  /* A record with tags and no moves yet is a game at its start. */
  if (game == NULL && !(game = stern_record_start_game (&r, &setup, NULL)))
    goto fail;

  if (result && !result_is_valid (stern_game_get_variant (game), result))
    record_warning (&r, result_spot.line,
                    "the Result tag \"%.30s\" is not a result of %s (%s or *); it is ignored",
                    result, stern_game_get_variant (game)->id,
                    stern_game_get_variant (game)->n_players == 2 ? "1-0, 0-1, 1/2-1/2"
                                                                  : "such as white:1 red:2 blue:3");
  else if (result && !g_str_equal (result, "*"))
    {
      g_autofree char *actual = stern_record_result (game);

      /* The moves decide (doc/rules.md §7): the tag may be a player's
       * claim, or from a program that ranks differently. */
      if (stern_game_is_over (game) && !g_str_equal (actual, result))
        record_warning (&r, result_spot.line,
                        "the Result tag says \"%.30s\" but the moves give \"%s\"; "
                        "the moves decide", result, actual);
      /* Kept: the moves are what counts, and the game can go on. */
      if (!stern_game_is_over (game))
        record_warning (&r, result_spot.line,
                        "the Result tag says \"%.30s\" but the moves do not end the game; "
                        "it is read as unfinished", result);
    }
  else if (result && stern_game_is_over (game))
    {
      g_autofree char *actual = stern_record_result (game);

      record_warning (&r, result_spot.line,
                      "the Result tag says \"*\" (not finished) but the moves end the game with \"%s\"",
                      actual);
    }

  if (tags)
    *tags = local_tags;
  else
    stern_record_tags_clear (&local_tags);
  return g_steal_pointer (&game);

fail:
  stern_record_tags_clear (&local_tags);
  return NULL;
}

SternGame *
stern_record_read (const char *text, SternRecordTags *tags, GError **error)
{
  return stern_record_read_with_warnings (text, tags, NULL, error);
}
