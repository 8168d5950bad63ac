/* stern-net-json.c: the strict check every protocol message passes before
 * json-glib reads it.
 *
 * json-glib is lenient: it takes comments, single-quoted strings, a second
 * value after the first, and an object with the same member twice (the
 * last one wins, so two readers of one message may disagree).  This is
 * RFC 8259 to the letter, plus what the protocol forbids on top: a NUL in
 * a string, and whole numbers too long to be exact in a double.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-net-json.h"

#include <string.h>

#include "stern-net-protocol.h"

/* Deeper than any message of the protocol (a room's seats are depth 3). */
#define MAX_DEPTH      16
/* Whole numbers of up to 15 digits are exact in a double and in every
 * JSON reader. */
#define MAX_INT_DIGITS 15

typedef struct {
  const char *data;
  gsize       len;
  gsize       at;
  GError    **error;
} Scan;

static gboolean G_GNUC_PRINTF (2, 3)
scan_fail (Scan *s, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (s->error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON, "not JSON: %s at byte %" G_GSIZE_FORMAT,
               what, s->at);
  return FALSE;
}

static void
skip_blanks (Scan *s)
{
  while (s->at < s->len &&
         (s->data[s->at] == ' ' || s->data[s->at] == '\t' || s->data[s->at] == '\n' ||
          s->data[s->at] == '\r'))
    s->at++;
}

static int
hex_digit (char c)
{
  return g_ascii_xdigit_value (c);
}

static gboolean
read_hex4 (Scan *s, gunichar *out)
{
  gunichar v = 0;

  *out = 0;
  if (s->at + 4 > s->len)
    return scan_fail (s, "a \\u escape needs four hex digits");
  for (guint i = 0; i < 4; i++)
    {
      int d = hex_digit (s->data[s->at + i]);
      if (d < 0)
        return scan_fail (s, "a \\u escape needs four hex digits");
      v = (v << 4) | (gunichar) d;
    }
  s->at += 4;
  *out = v;
  return TRUE;
}

/* A string at s->at (the opening quote); its decoded text goes to out
 * when out is not NULL. */
static gboolean
scan_string (Scan *s, GString *out)
{
  if (s->at >= s->len || s->data[s->at] != '"')
    return scan_fail (s, s->at < s->len && s->data[s->at] == '\'' ? "strings take double quotes"
                                                                  : "a string was expected");
  s->at++;
  while (s->at < s->len)
    {
      guchar c = (guchar) s->data[s->at];

      if (c == '"')
        {
          s->at++;
          return TRUE;
        }
      if (c < 0x20)
        return scan_fail (s, "a control character inside a string");
      if (c != '\\')
        {
          if (out)
            g_string_append_c (out, (char) c);
          s->at++;
          continue;
        }
      s->at++;
      if (s->at >= s->len)
        break;
      c = (guchar) s->data[s->at++];
      switch (c)
        {
        case '"': case '\\': case '/':
          if (out) g_string_append_c (out, (char) c);
          break;
        case 'b': if (out) g_string_append_c (out, '\b'); break;
        case 'f': if (out) g_string_append_c (out, '\f'); break;
        case 'n': if (out) g_string_append_c (out, '\n'); break;
        case 'r': if (out) g_string_append_c (out, '\r'); break;
        case 't': if (out) g_string_append_c (out, '\t'); break;
        case 'u':
          {
            gunichar u;

            if (!read_hex4 (s, &u))
              return FALSE;
            if (u >= 0xd800 && u <= 0xdbff)
              {
                gunichar low;

                if (s->at + 2 > s->len || s->data[s->at] != '\\' || s->data[s->at + 1] != 'u')
                  return scan_fail (s, "a lone surrogate in a \\u escape");
                s->at += 2;
                if (!read_hex4 (s, &low))
                  return FALSE;
                if (low < 0xdc00 || low > 0xdfff)
                  return scan_fail (s, "a lone surrogate in a \\u escape");
                u = 0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00);
              }
            else if (u >= 0xdc00 && u <= 0xdfff)
              return scan_fail (s, "a lone surrogate in a \\u escape");
            if (u == 0)
              return scan_fail (s, "a NUL character (\\u0000) in a string");
            if (out)
              g_string_append_unichar (out, u);
            break;
          }
        default:
          return scan_fail (s, "\\%c is not a JSON escape", g_ascii_isprint (c) ? c : '?');
        }
    }
  return scan_fail (s, "a string is not closed");
}

static gboolean
scan_number (Scan *s)
{
  gsize start = s->at;
  gsize digits = 0;
  gboolean whole = TRUE;

  if (s->data[s->at] == '-')
    s->at++;
  if (s->at < s->len && s->data[s->at] == '0')
    {
      s->at++;
      digits = 1;
      if (s->at < s->len && g_ascii_isdigit (s->data[s->at]))
        return scan_fail (s, "a number may not start with 0");
    }
  else
    while (s->at < s->len && g_ascii_isdigit (s->data[s->at]))
      {
        s->at++;
        digits++;
      }
  if (digits == 0)
    {
      s->at = start;
      return scan_fail (s, "a value was expected");
    }
  if (s->at < s->len && s->data[s->at] == '.')
    {
      gsize frac = 0;

      whole = FALSE;
      s->at++;
      while (s->at < s->len && g_ascii_isdigit (s->data[s->at]))
        {
          s->at++;
          frac++;
        }
      if (frac == 0)
        return scan_fail (s, "a digit must follow the decimal point");
    }
  if (s->at < s->len && (s->data[s->at] == 'e' || s->data[s->at] == 'E'))
    {
      gsize exp = 0;

      whole = FALSE;
      s->at++;
      if (s->at < s->len && (s->data[s->at] == '+' || s->data[s->at] == '-'))
        s->at++;
      while (s->at < s->len && g_ascii_isdigit (s->data[s->at]))
        {
          s->at++;
          exp++;
        }
      if (exp == 0)
        return scan_fail (s, "a digit must follow the exponent");
    }
  if (whole && digits > MAX_INT_DIGITS)
    {
      s->at = start;
      return scan_fail (s, "a whole number of more than %d digits", MAX_INT_DIGITS);
    }
  return TRUE;
}

static gboolean scan_value (Scan *s, guint depth);

static gboolean
scan_word (Scan *s, const char *word)
{
  gsize n = strlen (word);

  if (s->len - s->at < n || memcmp (s->data + s->at, word, n) != 0)
    return scan_fail (s, "a value was expected");
  s->at += n;
  return TRUE;
}

static gboolean
scan_object (Scan *s, guint depth)
{
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);

  s->at++;   /* { */
  skip_blanks (s);
  if (s->at < s->len && s->data[s->at] == '}')
    {
      s->at++;
      return TRUE;
    }
  for (;;)
    {
      g_autoptr (GString) key = g_string_new (NULL);
      gsize key_at;

      skip_blanks (s);
      key_at = s->at;
      if (!scan_string (s, key))
        return FALSE;
      /* Objects of the protocol have a dozen members: a walk is enough. */
      for (guint i = 0; i < keys->len; i++)
        if (strcmp (g_ptr_array_index (keys, i), key->str) == 0)
          {
            g_autofree char *shown = g_utf8_make_valid (key->str, MIN (key->len, 40));
            s->at = key_at;
            return scan_fail (s, "the member “%s” twice", shown);
          }
      g_ptr_array_add (keys, g_string_free (g_steal_pointer (&key), FALSE));
      skip_blanks (s);
      if (s->at >= s->len || s->data[s->at] != ':')
        return scan_fail (s, "“:” was expected");
      s->at++;
      if (!scan_value (s, depth + 1))
        return FALSE;
      skip_blanks (s);
      if (s->at < s->len && s->data[s->at] == ',')
        {
          s->at++;
          continue;
        }
      if (s->at < s->len && s->data[s->at] == '}')
        {
          s->at++;
          return TRUE;
        }
      return scan_fail (s, "“,” or “}” was expected");
    }
}

static gboolean
scan_array (Scan *s, guint depth)
{
  s->at++;   /* [ */
  skip_blanks (s);
  if (s->at < s->len && s->data[s->at] == ']')
    {
      s->at++;
      return TRUE;
    }
  for (;;)
    {
      if (!scan_value (s, depth + 1))
        return FALSE;
      skip_blanks (s);
      if (s->at < s->len && s->data[s->at] == ',')
        {
          s->at++;
          continue;
        }
      if (s->at < s->len && s->data[s->at] == ']')
        {
          s->at++;
          return TRUE;
        }
      return scan_fail (s, "“,” or “]” was expected");
    }
}

static gboolean
scan_value (Scan *s, guint depth)
{
  if (depth > MAX_DEPTH)
    return scan_fail (s, "nested deeper than %d", MAX_DEPTH);
  skip_blanks (s);
  if (s->at >= s->len)
    return scan_fail (s, "a value was expected");
  switch (s->data[s->at])
    {
    case '{':
      return scan_object (s, depth);
    case '[':
      return scan_array (s, depth);
    case '"':
    case '\'':
      return scan_string (s, NULL);
    case 't':
      return scan_word (s, "true");
    case 'f':
      return scan_word (s, "false");
    case 'n':
      return scan_word (s, "null");
    case '/':
      return scan_fail (s, "comments are not JSON");
    default:
      if (s->data[s->at] == '-' || g_ascii_isdigit (s->data[s->at]))
        return scan_number (s);
      return scan_fail (s, "a value was expected");
    }
}

gboolean
stern_net_json_check_strict (const char *data, gsize len, GError **error)
{
  Scan s = { data, len, 0, error };

  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  if (!scan_value (&s, 0))
    return FALSE;
  skip_blanks (&s);
  if (s.at < s.len)
    return scan_fail (&s, s.data[s.at] == '/' ? "comments are not JSON"
                                              : "one value per message; more follows");
  return TRUE;
}
