/* stern-net-protocol.c: parsing, checking and writing the messages of
 * network play.  Nothing here trusts its input: every member is looked up
 * by name, its JSON type checked, its value bounded, and any member the
 * message type does not have is an error.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-net-protocol.h"
#include "stern-net-json.h"

#include <json-glib/json-glib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

#include "stern-notation.h"

G_DEFINE_QUARK (stern-net-error-quark, stern_net_error)

/* A message's name on the wire (the table of messages is below, beside
 * its readers and writers). */
static const char *msg_name (SternNetMsgType type);

static const char *const error_names[STERN_NET_N_ERRORS] = {
  "bad-json", "too-large", "bad-field", "unknown-type", "version", "state",
  "no-room", "seat-taken", "bad-token", "not-a-player", "not-your-turn",
  "stale", "illegal", "game-over", "rate-limited", "full", "internal",
};

static const char *const kind_names[] = { "open", "invited", "computer" };

static const char *const action_kind_names[] = { "move", "pass", "resign", "timeout" };

/* Letters and digits that cannot be mistaken for one another when read
 * out or typed (no 0/O, 1/I/L). */
static const char code_alphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

const char *
stern_net_error_name (SternNetErrorCode code)
{
  g_return_val_if_fail (code < STERN_NET_N_ERRORS, "internal");
  return error_names[code];
}

gboolean
stern_net_error_lookup (const char *name, SternNetErrorCode *code)
{
  for (unsigned i = 0; i < STERN_NET_N_ERRORS; i++)
    if (g_strcmp0 (name, error_names[i]) == 0)
      {
        *code = (SternNetErrorCode) i;
        return TRUE;
      }
  return FALSE;
}

/* ---- codes and tokens ---- */

static void
random_bytes (guint8 *buf, gsize len)
{
  gsize got = 0;

  /* The kernel's generator: tokens and invitation keys are what lets a
   * player into a seat, so they must not be guessable from earlier ones.
   * Nothing weaker will do instead: without it there is no safe token. */
  while (got < len)
    {
      ssize_t n = getrandom (buf + got, len - got, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += (gsize) n;
    }
  if (got < len)
    {
      int fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);

      while (fd >= 0 && got < len)
        {
          ssize_t n = read (fd, buf + got, len - got);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            break;
          got += (gsize) n;
        }
      if (fd >= 0)
        close (fd);
    }
  if (got < len)
    g_error ("neither getrandom() nor /dev/urandom gives random bytes: %s", g_strerror (errno));
}

void
stern_net_random_code (char code[STERN_NET_CODE_LEN + 1])
{
  const guint n_letters = sizeof code_alphabet - 1;
  /* The largest multiple of the alphabet's size in a byte: bytes at or
   * above it are drawn again, so every letter is equally likely. */
  const guint limit = 256 / n_letters * n_letters;
  guint8 bytes[STERN_NET_CODE_LEN * 2];
  unsigned filled = 0;

  while (filled < STERN_NET_CODE_LEN)
    {
      random_bytes (bytes, sizeof bytes);
      for (unsigned i = 0; i < sizeof bytes && filled < STERN_NET_CODE_LEN; i++)
        if (bytes[i] < limit)
          code[filled++] = code_alphabet[bytes[i] % n_letters];
    }
  code[STERN_NET_CODE_LEN] = '\0';
}

void
stern_net_random_token (char token[STERN_NET_TOKEN_LEN + 1])
{
  guint8 bytes[STERN_NET_TOKEN_LEN / 2];

  random_bytes (bytes, sizeof bytes);
  for (unsigned i = 0; i < sizeof bytes; i++)
    g_snprintf (token + 2 * i, 3, "%02x", bytes[i]);
  token[STERN_NET_TOKEN_LEN] = '\0';
}

gboolean
stern_net_code_is_valid (const char *code)
{
  if (code == NULL || strlen (code) != STERN_NET_CODE_LEN)
    return FALSE;
  for (unsigned i = 0; i < STERN_NET_CODE_LEN; i++)
    if (strchr (code_alphabet, code[i]) == NULL)
      return FALSE;
  return TRUE;
}

gboolean
stern_net_token_is_valid (const char *token)
{
  if (token == NULL || strlen (token) != STERN_NET_TOKEN_LEN)
    return FALSE;
  for (unsigned i = 0; i < STERN_NET_TOKEN_LEN; i++)
    if (!g_ascii_isxdigit (token[i]) || g_ascii_isupper (token[i]))
      return FALSE;
  return TRUE;
}

/* ---- invitation links ---- */

char *
stern_net_invitation_format (const char *host, guint port, gboolean tls, const char *code)
{
  return stern_net_invitation_format_key (host, port, tls, code, NULL);
}

char *
stern_net_invitation_format_key (const char *host, guint port, gboolean tls, const char *code,
                                 const char *key)
{
  g_autofree char *bracketed = NULL;

  g_return_val_if_fail (host != NULL && *host != '\0', NULL);
  g_return_val_if_fail (port > 0 && port < 65536, NULL);
  g_return_val_if_fail (stern_net_code_is_valid (code), NULL);
  g_return_val_if_fail (key == NULL || stern_net_token_is_valid (key), NULL);

  /* An IPv6 address goes in brackets, as in any URI. */
  if (strchr (host, ':') && host[0] != '[')
    host = bracketed = g_strdup_printf ("[%s]", host);
  return g_strdup_printf ("sternhalma://%s:%u/%s%s%s%s", host, port, code, tls ? "?tls=1" : "",
                          key ? (tls ? "&key=" : "?key=") : "", key ? key : "");
}

gboolean
stern_net_invitation_parse (const char *link, char **ws_uri, char code[STERN_NET_CODE_LEN + 1],
                            GError **error)
{
  char key[STERN_NET_TOKEN_LEN + 1];

  return stern_net_invitation_parse_key (link, ws_uri, code, key, error);
}

gboolean
stern_net_invitation_parse_key (const char *link, char **ws_uri,
                                char code[STERN_NET_CODE_LEN + 1],
                                char key[STERN_NET_TOKEN_LEN + 1], GError **error)
{
  g_autoptr (GUri) uri = NULL;
  g_autoptr (GError) local = NULL;
  const char *path, *query, *host;
  gboolean tls = FALSE;
  int port;

  g_return_val_if_fail (link != NULL, FALSE);

  uri = g_uri_parse (link, G_URI_FLAGS_NONE, &local);
  if (uri == NULL)
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                   "invitation: not a link: %s", local->message);
      return FALSE;
    }
  if (g_ascii_strcasecmp (g_uri_get_scheme (uri), "sternhalma") != 0)
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                   "invitation: the link starts with “%s:”, not “sternhalma:”",
                   g_uri_get_scheme (uri));
      return FALSE;
    }
  host = g_uri_get_host (uri);
  if (host == NULL || *host == '\0')
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                           "invitation: the link names no server");
      return FALSE;
    }
  path = g_uri_get_path (uri);
  if (path[0] != '/' || !stern_net_code_is_valid (path + 1))
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                   "invitation: “%s” is not a room code (six letters and digits)",
                   path[0] == '/' ? path + 1 : path);
      return FALSE;
    }
  key[0] = '\0';
  query = g_uri_get_query (uri);
  if (query != NULL)
    {
      g_auto (GStrv) options = g_strsplit (query, "&", 0);

      for (guint i = 0; options[i] != NULL; i++)
        {
          const char *option = options[i];

          if (strcmp (option, "tls=1") == 0)
            tls = TRUE;
          else if (strcmp (option, "tls=0") == 0)
            tls = FALSE;
          else if (g_str_has_prefix (option, "key=") && stern_net_token_is_valid (option + 4))
            g_strlcpy (key, option + 4, STERN_NET_TOKEN_LEN + 1);
          else
            {
              g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                           g_str_has_prefix (option, "key=")
                             ? "invitation: “%s” is not an invitation key (32 hex digits)"
                             : "invitation: unknown option “%s” (only tls=1 and key=)",
                           g_str_has_prefix (option, "key=") ? option + 4 : option);
              return FALSE;
            }
        }
    }
  port = g_uri_get_port (uri);
  if (port <= 0)
    port = STERN_NET_DEFAULT_PORT;

  g_strlcpy (code, path + 1, STERN_NET_CODE_LEN + 1);
  if (ws_uri)
    {
      g_autoptr (GUri) ws = g_uri_build (G_URI_FLAGS_NONE, tls ? "wss" : "ws", NULL, host,
                                        port, "/", NULL, NULL);
      *ws_uri = g_uri_to_string (ws);
    }
  return TRUE;
}

/* ---- actions as text ---- */

static gboolean
parse_give_up (const char *text, const char *word, unsigned *seat)
{
  size_t wlen = strlen (word), tlen = strlen (text);

  if (tlen < wlen + 3 || strncmp (text, word, wlen) != 0 || text[wlen] != '(' ||
      text[tlen - 1] != ')')
    return FALSE;
  *seat = stern_seat_from_colour_name (text + wlen + 1, tlen - wlen - 2);
  return *seat != STERN_NO_SEAT;
}

gboolean
stern_net_apply_action_text (SternGame *game, const char *text, GError **error)
{
  guint8 path[STERN_MAX_PATH];
  size_t len;
  unsigned seat;

  g_return_val_if_fail (game != NULL && text != NULL, FALSE);

  if (strcmp (text, "--") == 0)
    return stern_game_pass (game, error);
  if (parse_give_up (text, "resign", &seat))
    return stern_game_resign (game, seat, error);
  if (parse_give_up (text, "timeout", &seat))
    return stern_game_timeout (game, seat, error);
  if (!stern_notation_parse_path_in (stern_game_get_variant (game), text, path, &len, error))
    return FALSE;
  return stern_game_play_path (game, path, len, error);
}

/* ---- messages ---- */

SternNetMessage *
stern_net_message_new (SternNetMsgType type)
{
  SternNetMessage *msg;

  g_return_val_if_fail (type < STERN_NET_N_MSG_TYPES, NULL);
  msg = g_new0 (SternNetMessage, 1);
  msg->type = type;
  msg->seat = STERN_NO_SEAT;
  msg->turn = STERN_NO_SEAT;
  msg->protocol = STERN_NET_PROTOCOL_VERSION;
  for (unsigned s = 0; s < STERN_N_SEATS; s++)
    {
      msg->seats[s].seat = (guint8) s;
      msg->seats[s].clock_ms = -1;
      msg->seats[s].grace_ms = -1;
      msg->clocks[s] = -1;
    }
  return msg;
}

void
stern_net_message_free (SternNetMessage *msg)
{
  if (msg == NULL)
    return;
  g_free (msg->name);
  g_free (msg->server);
  g_clear_pointer (&msg->actions, g_ptr_array_unref);
  g_free (msg->result);
  g_clear_pointer (&msg->rooms, g_array_unref);
  g_free (msg->text);
  g_free (msg->field);
  g_free (msg->path_text);
  g_free (msg);
}

SternNetMessage *
stern_net_message_new_error (const GError *error, const char *field)
{
  SternNetMessage *msg = stern_net_message_new (STERN_NET_MSG_ERROR);

  if (error != NULL && error->domain == STERN_NET_ERROR && error->code >= 0 &&
      error->code < STERN_NET_N_ERRORS)
    msg->error = (SternNetErrorCode) error->code;
  else
    msg->error = STERN_NET_ERROR_INTERNAL;
  msg->text = g_utf8_make_valid (error ? error->message : "internal error", -1);
  if (strlen (msg->text) > STERN_NET_MAX_TEXT)
    {
      /* Cut at a character boundary so the text stays valid UTF-8. */
      const char *end = g_utf8_find_prev_char (msg->text, msg->text + STERN_NET_MAX_TEXT + 1);
      msg->text[end - msg->text] = '\0';
    }
  msg->field = g_strdup (field);
  return msg;
}

/* ---- reading: one context per message, naming members as "type.member" ---- */

typedef struct {
  char    *field;      /* the member an error is about */
  GError **error;
} Reader;

static gboolean G_GNUC_PRINTF (4, 5)
fail (Reader *r, SternNetErrorCode code, const char *field, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  g_free (r->field);
  r->field = g_strdup (field);
  if (field)
    g_set_error (r->error, STERN_NET_ERROR, code, "%s: %s", field, what);
  else
    g_set_error_literal (r->error, STERN_NET_ERROR, code, what);
  return FALSE;
}

static const char *
json_type_word (JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return "an object";
    case JSON_NODE_ARRAY:
      return "an array";
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          return "a string";
        case G_TYPE_BOOLEAN:
          return "a boolean";
        case G_TYPE_DOUBLE:
          return "a fraction";
        default:
          return "a number";
        }
    }
}

/* Every member of obj must be one of allowed (NULL-terminated) or extra
 * (may be NULL). */
static gboolean
check_members (Reader *r, JsonObject *obj, const char *prefix, const char *extra,
               const char *const *allowed)
{
  g_autoptr (GList) members = json_object_get_members (obj);

  for (GList *l = members; l; l = l->next)
    {
      gboolean ok = extra != NULL && strcmp (l->data, extra) == 0;
      for (unsigned i = 0; allowed[i]; i++)
        if (strcmp (l->data, allowed[i]) == 0)
          ok = TRUE;
      if (!ok)
        {
          g_autofree char *field = g_strdup_printf ("%s.%s", prefix, (const char *) l->data);
          g_autofree char *shown = g_utf8_make_valid (field, -1);

          /* A member's name is the sender's text: shown, but not at any length. */
          if (strlen (shown) > 80)
            *g_utf8_find_prev_char (shown, shown + 81) = '\0';
          return fail (r, STERN_NET_ERROR_BAD_FIELD, shown, "no such member");
        }
    }
  return TRUE;
}

/* The member, or NULL; with required a missing member is an error. */
static JsonNode *
member (Reader *r, JsonObject *obj, const char *prefix, const char *name,
        gboolean required, char **field)
{
  JsonNode *node = json_object_get_member (obj, name);

  *field = g_strdup_printf ("%s.%s", prefix, name);
  if (node == NULL && required)
    fail (r, STERN_NET_ERROR_BAD_FIELD, *field, "missing");
  return node;
}

/* U+FDD0…U+FDEF and the last two code points of every plane. */
static gboolean
is_noncharacter (gunichar c)
{
  return (c >= 0xfdd0 && c <= 0xfdef) || (c & 0xfffe) == 0xfffe;
}

static gboolean
read_string (Reader *r, JsonObject *obj, const char *prefix, const char *name,
             gboolean required, gsize max_len, char **out)
{
  g_autofree char *field = NULL;
  JsonNode *node = member (r, obj, prefix, name, required, &field);
  const char *s;

  *out = NULL;
  if (node == NULL)
    return !required;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "expected a string, got %s",
                 json_type_word (node));
  s = json_node_get_string (node);
  if (strlen (s) > max_len)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "longer than %" G_GSIZE_FORMAT " bytes",
                 max_len);
  /* The message as a whole was UTF-8, but json-glib decodes an octal
   * escape such as \345 (not JSON) into a lone byte. */
  if (!g_utf8_validate (s, -1, NULL))
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "not valid UTF-8");
  for (const char *p = s; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "control characters are not allowed");
      if (is_noncharacter (c) || c == 0x2028 || c == 0x2029)
        return fail (r, STERN_NET_ERROR_BAD_FIELD, field,
                     "U+%04X is not allowed (a noncharacter or a line separator)", c);
    }
  *out = g_strdup (s);
  return TRUE;
}

static gboolean
read_int (Reader *r, JsonObject *obj, const char *prefix, const char *name,
          gboolean required, gint64 min, gint64 max, gint64 *out)
{
  g_autofree char *field = NULL;
  JsonNode *node = member (r, obj, prefix, name, required, &field);
  gint64 v;

  if (node == NULL)
    return !required;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "expected a whole number, got %s",
                 json_type_word (node));
  v = json_node_get_int (node);
  if (v < min || v > max)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field,
                 "%" G_GINT64_FORMAT " is outside %" G_GINT64_FORMAT "…%" G_GINT64_FORMAT,
                 v, min, max);
  *out = v;
  return TRUE;
}

static gboolean
read_bool (Reader *r, JsonObject *obj, const char *prefix, const char *name, gboolean *out)
{
  g_autofree char *field = NULL;
  JsonNode *node = member (r, obj, prefix, name, TRUE, &field);

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "expected true or false, got %s",
                 json_type_word (node));
  *out = json_node_get_boolean (node);
  return TRUE;
}

static JsonArray *
read_array (Reader *r, JsonObject *obj, const char *prefix, const char *name,
            gboolean required, guint max_len)
{
  g_autofree char *field = NULL;
  JsonNode *node = member (r, obj, prefix, name, required, &field);
  JsonArray *array;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      fail (r, STERN_NET_ERROR_BAD_FIELD, field, "expected an array, got %s",
            json_type_word (node));
      return NULL;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) > max_len)
    {
      fail (r, STERN_NET_ERROR_BAD_FIELD, field, "more than %u elements", max_len);
      return NULL;
    }
  return array;
}

static JsonObject *
node_object (Reader *r, JsonNode *node, const char *field)
{
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      fail (r, STERN_NET_ERROR_BAD_FIELD, field, "expected an object, got %s",
            json_type_word (node));
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
read_seat (Reader *r, JsonObject *obj, const char *prefix, const char *name,
           gboolean required, guint8 *seat)
{
  g_autofree char *s = NULL;
  unsigned v;

  *seat = STERN_NO_SEAT;
  if (!read_string (r, obj, prefix, name, required, 16, &s))
    return FALSE;
  if (s == NULL)
    return TRUE;
  v = stern_seat_from_colour_name (s, strlen (s));
  if (v == STERN_NO_SEAT)
    {
      g_autofree char *field = g_strdup_printf ("%s.%s", prefix, name);
      return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "“%s” is not a colour", s);
    }
  *seat = (guint8) v;
  return TRUE;
}

static gboolean
read_fixed (Reader *r, JsonObject *obj, const char *prefix, const char *name,
            gboolean required, gboolean (*valid) (const char *), char *out, gsize size)
{
  g_autofree char *s = NULL;

  if (!read_string (r, obj, prefix, name, required, size, &s))
    return FALSE;
  if (s == NULL)
    return TRUE;
  if (!valid (s))
    {
      g_autofree char *field = g_strdup_printf ("%s.%s", prefix, name);
      return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "not a valid %s", name);
    }
  g_strlcpy (out, s, size);
  return TRUE;
}

/* What a name may not hold: control and format characters, line and
 * paragraph separators, noncharacters. */
static gboolean
name_char_allowed (gunichar c)
{
  GUnicodeType t = g_unichar_type (c);

  return !g_unichar_iscntrl (c) && !is_noncharacter (c) && t != G_UNICODE_FORMAT &&
         t != G_UNICODE_LINE_SEPARATOR && t != G_UNICODE_PARAGRAPH_SEPARATOR;
}

char *
stern_net_name_clean (const char *name)
{
  g_autofree char *valid = NULL;
  GString *out;
  guint n = 0;

  g_return_val_if_fail (name != NULL, NULL);
  valid = g_utf8_make_valid (name, -1);
  out = g_string_new (NULL);
  for (const char *p = valid; *p && n < STERN_NET_MAX_NAME_CHARS; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (name_char_allowed (c) && c != 0xfffd)
        {
          g_string_append_unichar (out, c);
          n++;
        }
    }
  g_strstrip (out->str);
  out->len = strlen (out->str);
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static gboolean
read_name (Reader *r, JsonObject *obj, const char *prefix, const char *name, char **out)
{
  g_autofree char *field = NULL;

  if (!read_string (r, obj, prefix, name, FALSE, STERN_NET_MAX_NAME, out))
    return FALSE;
  if (*out == NULL)
    return TRUE;
  field = g_strdup_printf ("%s.%s", prefix, name);
  /* Counted as people see it, in characters, on both ends. */
  if (g_utf8_strlen (*out, -1) > STERN_NET_MAX_NAME_CHARS)
    {
      g_clear_pointer (out, g_free);
      return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "longer than %d characters",
                   STERN_NET_MAX_NAME_CHARS);
    }
  /* Names are shown beside others': no invisible formatting (bidi
   * overrides, zero-width joiners), no separators of lines or paragraphs. */
  for (const char *p = *out; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!name_char_allowed (c))
        {
          g_clear_pointer (out, g_free);
          return fail (r, STERN_NET_ERROR_BAD_FIELD, field,
                       "U+%04X (an invisible formatting character or a separator) is not allowed in a name",
                       c);
        }
    }
  return TRUE;
}

static gboolean
read_variant (Reader *r, JsonObject *obj, const char *prefix, const SternVariant **out)
{
  g_autofree char *s = NULL;
  g_autofree char *field = g_strdup_printf ("%s.variant", prefix);

  if (!read_string (r, obj, prefix, "variant", TRUE, 32, &s))
    return FALSE;
  *out = stern_variant_lookup (s);
  if (*out == NULL)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "unknown variant “%s”", s);
  return TRUE;
}

static gboolean
read_preset (Reader *r, JsonObject *obj, const char *prefix, const SternVariant *variant,
             SternPreset *out)
{
  g_autofree char *s = NULL;
  g_autofree char *field = g_strdup_printf ("%s.preset", prefix);
  g_autoptr (GError) refused = NULL;

  if (!read_string (r, obj, prefix, "preset", TRUE, 32, &s))
    return FALSE;
  if (!stern_preset_lookup (s, out))
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "unknown preset “%s”", s);
  /* A room whose game could not start. */
  if (!stern_preset_check (*out, variant, &refused))
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "%s", refused->message);
  return TRUE;
}

static gboolean
read_clock (Reader *r, JsonObject *obj, const char *prefix, gboolean required,
            SternNetSetup *setup)
{
  g_autofree char *field = NULL;
  JsonNode *node = member (r, obj, prefix, "clock", required, &field);
  static const char *const allowed[] = { "reserve_ms", "increment_ms", NULL };
  JsonObject *clock;

  setup->reserve_ms = setup->increment_ms = 0;
  if (node == NULL)
    return !required;
  if (!(clock = node_object (r, node, field)))
    return FALSE;
  if (!check_members (r, clock, field, NULL, allowed))
    return FALSE;
  if (!read_int (r, clock, field, "reserve_ms", TRUE, 0, STERN_NET_MAX_RESERVE_MS,
                 &setup->reserve_ms) ||
      !read_int (r, clock, field, "increment_ms", TRUE, 0, STERN_NET_MAX_INCREMENT_MS,
                 &setup->increment_ms))
    return FALSE;
  if (setup->reserve_ms == 0 && setup->increment_ms != 0)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field,
                 "an increment needs a reserve (a reserve of 0 means no clock)");
  return TRUE;
}

static gboolean
read_level (Reader *r, JsonObject *obj, const char *prefix, gboolean required,
            SternLevel *level)
{
  g_autofree char *s = NULL;
  g_autofree char *field = g_strdup_printf ("%s.level", prefix);

  if (!read_string (r, obj, prefix, "level", required, 16, &s))
    return FALSE;
  if (s == NULL)
    return TRUE;
  if (!stern_level_lookup (s, level) || *level >= STERN_N_PLAY_LEVELS)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field,
                 "“%s” is not easy, medium, hard or expert", s);
  return TRUE;
}

static gboolean
read_kind (Reader *r, JsonObject *obj, const char *prefix, SternNetSeatKind *kind)
{
  g_autofree char *s = NULL;
  g_autofree char *field = g_strdup_printf ("%s.kind", prefix);

  if (!read_string (r, obj, prefix, "kind", TRUE, 16, &s))
    return FALSE;
  for (unsigned i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (strcmp (s, kind_names[i]) == 0)
      {
        *kind = (SternNetSeatKind) i;
        return TRUE;
      }
  return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "“%s” is not open, invited or computer", s);
}

/* The seats array of create and room messages: exactly the variant's
 * seats, each once.  For room messages the seat's state comes too. */
static gboolean
read_seats (Reader *r, JsonObject *obj, const char *prefix, SternNetMessage *msg,
            gboolean with_state)
{
  static const char *const allowed_setup[] = { "seat", "kind", "level", "name", NULL };
  static const char *const allowed_state[] = { "seat", "kind", "level", "name", "taken",
                                               "connected", "replaced", "clock_ms",
                                               "grace_ms", NULL };
  const SternVariant *variant = msg->setup.variant;
  g_autofree char *field = g_strdup_printf ("%s.seats", prefix);
  JsonArray *array = read_array (r, obj, prefix, "seats", TRUE, STERN_N_SEATS);
  gboolean seen[STERN_N_SEATS] = { FALSE };

  if (array == NULL)
    return FALSE;
  if (json_array_get_length (array) != variant->n_players)
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "%s has %u seats, not %u",
                 variant->id, variant->n_players, json_array_get_length (array));

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ef = g_strdup_printf ("%s[%u]", field, i);
      JsonObject *e = node_object (r, json_array_get_element (array, i), ef);
      SternNetSeatSetup *ss;
      SternNetSeatInfo *si;
      g_autofree char *name = NULL;
      g_autofree char *sf = g_strdup_printf ("%s.seat", ef);
      g_autofree char *lf = g_strdup_printf ("%s.level", ef);
      guint8 seat;
      SternNetSeatKind kind = STERN_NET_SEAT_OPEN;

      if (e == NULL || !check_members (r, e, ef, NULL, with_state ? allowed_state : allowed_setup))
        return FALSE;
      if (!read_seat (r, e, ef, "seat", TRUE, &seat))
        return FALSE;
      if (!stern_variant_has_seat (variant, seat))
        return fail (r, STERN_NET_ERROR_BAD_FIELD, sf, "%s does not play in %s",
                     stern_seat_colour_name (seat), variant->id);
      if (seen[seat])
        return fail (r, STERN_NET_ERROR_BAD_FIELD, sf, "%s is listed twice",
                     stern_seat_colour_name (seat));
      seen[seat] = TRUE;
      ss = &msg->setup.seats[seat];
      si = &msg->seats[seat];
      if (!read_kind (r, e, ef, &kind))
        return FALSE;
      ss->kind = si->kind = kind;
      ss->level = si->level = STERN_LEVEL_MEDIUM;
      if (!read_level (r, e, ef, kind == STERN_NET_SEAT_COMPUTER, &ss->level))
        return FALSE;
      if (kind != STERN_NET_SEAT_COMPUTER && json_object_has_member (e, "level"))
        return fail (r, STERN_NET_ERROR_BAD_FIELD, lf, "only computer seats have a level");
      si->level = ss->level;
      if (!read_name (r, e, ef, "name", &name))
        return FALSE;
      g_strlcpy (ss->name, name ? name : "", sizeof ss->name);
      g_strlcpy (si->name, ss->name, sizeof si->name);
      if (with_state)
        {
          if (!read_bool (r, e, ef, "taken", &si->taken) ||
              !read_bool (r, e, ef, "connected", &si->connected) ||
              !read_bool (r, e, ef, "replaced", &si->replaced) ||
              !read_int (r, e, ef, "clock_ms", FALSE, 0, G_MAXINT64, &si->clock_ms) ||
              !read_int (r, e, ef, "grace_ms", FALSE, 0, STERN_NET_MAX_RESERVE_MS, &si->grace_ms))
            return FALSE;
        }
    }
  return TRUE;
}

/* A path's text: cells (letters then digits) joined by '-'.  Which board
 * it is on is known only from the room, so the cells are read there
 * (stern_net_message_resolve_path); here the star's are filled in when
 * the text names star holes. */
static gboolean
path_text_is_valid (const char *s, GError **error)
{
  g_auto (GStrv) cells = g_strsplit (s, "-", -1);
  guint n = g_strv_length (cells);

  if (n < 2)
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                           "a move needs at least two holes");
      return FALSE;
    }
  if (n > STERN_MAX_PATH)
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                   "more than %d holes", STERN_MAX_PATH);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *c = cells[i];
      char *end = NULL;
      guint64 row = 0;

      /* Columns a… and rows 1… as far as the largest board goes (the
       * star's 17 by 17 grid): the board itself checks the rest. */
      if (c[0] >= 'a' && c[0] <= 'q' && g_ascii_isdigit (c[1]) && c[1] != '0')
        row = g_ascii_strtoull (c + 1, &end, 10);
      if (row < 1 || row > 17 || end == NULL || *end != '\0')
        {
          g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                       "“%s” (hole %u) is not a hole such as m3", c, i + 1);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_path (Reader *r, JsonObject *obj, const char *prefix, SternNetMessage *msg)
{
  g_autofree char *s = NULL;
  g_autofree char *field = g_strdup_printf ("%s.path", prefix);
  g_autoptr (GError) local = NULL;
  size_t len;

  if (!read_string (r, obj, prefix, "path", TRUE, STERN_MAX_PATH * 4, &s))
    return FALSE;
  if (!path_text_is_valid (s, &local))
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "%s", local->message);
  msg->path_len = 0;
  if (stern_notation_parse_path (s, msg->path, &len, NULL) && len >= 2)
    msg->path_len = len;
  msg->path_variant = NULL;
  msg->path_text = g_steal_pointer (&s);
  return TRUE;
}

gboolean
stern_net_message_resolve_path (SternNetMessage    *msg,
                                const SternVariant *variant,
                                GError            **error)
{
  g_autoptr (GError) local = NULL;
  size_t len;

  g_return_val_if_fail (msg != NULL && variant != NULL, FALSE);

  if (msg->path_text == NULL)
    {
      /* Built here, not parsed: its cells are those of path_variant. */
      if (msg->path_variant != variant && msg->path_variant != NULL &&
          stern_variant_is_square (msg->path_variant) != stern_variant_is_square (variant))
        {
          g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD,
                       "%s.path: not on the board of %s", msg_name (msg->type), variant->id);
          return FALSE;
        }
      return msg->path_len >= 2;
    }
  if (!stern_notation_parse_path_in (variant, msg->path_text, msg->path, &len, &local))
    {
      msg->path_len = 0;
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_FIELD, "%s.path: %s",
                   msg_name (msg->type), local->message);
      return FALSE;
    }
  msg->path_len = len;
  msg->path_variant = variant;
  return TRUE;
}

static gboolean
read_turn_over_result (Reader *r, JsonObject *obj, const char *prefix, SternNetMessage *msg)
{
  return read_seat (r, obj, prefix, "turn", FALSE, &msg->turn) &&
         read_bool (r, obj, prefix, "over", &msg->over) &&
         read_string (r, obj, prefix, "result", TRUE, 200, &msg->result);
}

/* ---- writing: the pieces of a message ---- */

static void
add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

static void
add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_bool (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

static void
add_clock (JsonBuilder *b, const SternNetSetup *setup)
{
  json_builder_set_member_name (b, "clock");
  json_builder_begin_object (b);
  add_int (b, "reserve_ms", setup->reserve_ms);
  add_int (b, "increment_ms", setup->increment_ms);
  json_builder_end_object (b);
}

static void
add_seats (JsonBuilder *b, const SternNetMessage *msg, gboolean with_state)
{
  const SternVariant *variant = msg->setup.variant;

  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (unsigned i = 0; i < variant->n_players; i++)
    {
      unsigned seat = variant->seats[i];
      const SternNetSeatSetup *ss = &msg->setup.seats[seat];
      const SternNetSeatInfo *si = &msg->seats[seat];

      json_builder_begin_object (b);
      add_string (b, "seat", stern_seat_colour_name (seat));
      add_string (b, "kind", kind_names[ss->kind]);
      if (ss->kind == STERN_NET_SEAT_COMPUTER)
        add_string (b, "level", stern_level_name (ss->level));
      if (with_state ? si->name[0] != '\0' : ss->name[0] != '\0')
        add_string (b, "name", with_state ? si->name : ss->name);
      if (with_state)
        {
          add_bool (b, "taken", si->taken);
          add_bool (b, "connected", si->connected);
          add_bool (b, "replaced", si->replaced);
          if (si->clock_ms >= 0)
            add_int (b, "clock_ms", si->clock_ms);
          if (si->grace_ms >= 0)
            add_int (b, "grace_ms", si->grace_ms);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_turn_over_result (JsonBuilder *b, const SternNetMessage *msg)
{
  if (msg->turn != STERN_NO_SEAT)
    add_string (b, "turn", stern_seat_colour_name (msg->turn));
  add_bool (b, "over", msg->over);
  add_string (b, "result", msg->result ? msg->result : "*");
}

/* The path as its board names it: as received, or from its cells. */
static char *
format_msg_path (const SternNetMessage *msg)
{
  if (msg->path_len < 2 && msg->path_text != NULL)
    return g_strdup (msg->path_text);
  return msg->path_variant != NULL
         ? stern_notation_format_path_in (msg->path_variant, msg->path, msg->path_len)
         : stern_notation_format_path (msg->path, msg->path_len);
}

/* ---- each message: its reader, its writer, its row in the table ---- */

/* The readers get the message's members already checked against the
 * table's list; p is the message's name, for the errors. */

static gboolean
read_hello (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  gint64 v = 0;

  if (!read_int (r, obj, p, "protocol", TRUE, 0, G_MAXINT, &v))
    return FALSE;
  msg->protocol = (int) v;
  return read_name (r, obj, p, "name", &msg->name);
}

static void
write_hello (JsonBuilder *b, const SternNetMessage *msg)
{
  add_int (b, "protocol", msg->protocol);
  if (msg->name)
    add_string (b, "name", msg->name);
}

static gboolean
read_welcome (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  gint64 v = 0;

  if (!read_int (r, obj, p, "protocol", TRUE, 0, G_MAXINT, &v))
    return FALSE;
  msg->protocol = (int) v;
  if (!read_string (r, obj, p, "server", TRUE, 100, &msg->server) ||
      !read_int (r, obj, p, "online", TRUE, 0, G_MAXUINT, &v))
    return FALSE;
  msg->online = (guint) v;
  return TRUE;
}

static void
write_welcome (JsonBuilder *b, const SternNetMessage *msg)
{
  add_int (b, "protocol", msg->protocol);
  add_string (b, "server", msg->server ? msg->server : "");
  add_int (b, "online", msg->online);
}

/* list, resign, leave, rematch: the type says it all. */
static gboolean
read_nothing (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return TRUE;
}

static void
write_nothing (JsonBuilder *b, const SternNetMessage *msg)
{
}

static gboolean
read_quick (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_variant (r, obj, p, &msg->setup.variant) &&
         read_name (r, obj, p, "name", &msg->name);
}

static void
write_quick (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "variant", msg->setup.variant->id);
  if (msg->name)
    add_string (b, "name", msg->name);
}

static gboolean
read_chat (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  g_autofree char *trimmed = NULL;
  g_autofree char *field = NULL;

  if (!read_string (r, obj, p, "text", TRUE, STERN_NET_MAX_TEXT, &msg->text))
    return FALSE;
  /* A line of blanks says nothing: refused as empty. */
  trimmed = g_strstrip (g_strdup (msg->text));
  field = g_strdup_printf ("%s.text", p);
  if (trimmed[0] == '\0')
    return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "empty");
  return TRUE;
}

static void
write_chat (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "text", msg->text ? msg->text : "");
}

static gboolean
read_said (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_fixed (r, obj, p, "code", TRUE, stern_net_code_is_valid, msg->code,
                     sizeof msg->code) &&
         read_seat (r, obj, p, "seat", FALSE, &msg->seat) &&
         read_name (r, obj, p, "name", &msg->name) &&
         read_chat (r, obj, p, msg);
}

static void
write_said (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "code", msg->code);
  if (msg->seat != STERN_NO_SEAT)
    add_string (b, "seat", stern_seat_colour_name (msg->seat));
  if (msg->name)
    add_string (b, "name", msg->name);
  write_chat (b, msg);
}

static gboolean
read_create (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_variant (r, obj, p, &msg->setup.variant) &&
         read_preset (r, obj, p, msg->setup.variant, &msg->setup.preset) &&
         read_clock (r, obj, p, FALSE, &msg->setup) &&
         read_seats (r, obj, p, msg, FALSE) &&
         read_seat (r, obj, p, "take", FALSE, &msg->seat) &&
         read_name (r, obj, p, "name", &msg->name);
}

static void
write_create (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "variant", msg->setup.variant->id);
  add_string (b, "preset", stern_preset_name (msg->setup.preset));
  if (msg->setup.reserve_ms > 0)
    add_clock (b, &msg->setup);
  add_seats (b, msg, FALSE);
  if (msg->seat != STERN_NO_SEAT)
    add_string (b, "take", stern_seat_colour_name (msg->seat));
  if (msg->name)
    add_string (b, "name", msg->name);
}

static gboolean
read_join (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_fixed (r, obj, p, "code", TRUE, stern_net_code_is_valid, msg->code,
                     sizeof msg->code) &&
         read_seat (r, obj, p, "seat", FALSE, &msg->seat) &&
         read_name (r, obj, p, "name", &msg->name) &&
         read_fixed (r, obj, p, "key", FALSE, stern_net_token_is_valid, msg->key,
                     sizeof msg->key);
}

static void
write_join (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "code", msg->code);
  if (msg->seat != STERN_NO_SEAT)
    add_string (b, "seat", stern_seat_colour_name (msg->seat));
  if (msg->name)
    add_string (b, "name", msg->name);
  if (msg->key[0])
    add_string (b, "key", msg->key);
}

static gboolean
read_invited (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_fixed (r, obj, p, "code", TRUE, stern_net_code_is_valid, msg->code,
                     sizeof msg->code) &&
         read_seat (r, obj, p, "seat", TRUE, &msg->seat) &&
         read_fixed (r, obj, p, "key", TRUE, stern_net_token_is_valid, msg->key,
                     sizeof msg->key);
}

static void
write_invited (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "code", msg->code);
  add_string (b, "seat", stern_seat_colour_name (msg->seat));
  add_string (b, "key", msg->key);
}

static gboolean
read_watch (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_fixed (r, obj, p, "code", TRUE, stern_net_code_is_valid, msg->code,
                     sizeof msg->code);
}

static void
write_watch (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "code", msg->code);
}

static gboolean
read_resume (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_fixed (r, obj, p, "code", TRUE, stern_net_code_is_valid, msg->code,
                     sizeof msg->code) &&
         read_fixed (r, obj, p, "token", TRUE, stern_net_token_is_valid, msg->token,
                     sizeof msg->token);
}

static void
write_resume (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "code", msg->code);
  add_string (b, "token", msg->token);
}

static gboolean
read_joined (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  return read_resume (r, obj, p, msg) &&
         read_seat (r, obj, p, "seat", TRUE, &msg->seat);
}

static void
write_joined (JsonBuilder *b, const SternNetMessage *msg)
{
  write_resume (b, msg);
  add_string (b, "seat", stern_seat_colour_name (msg->seat));
}

static gboolean
read_move (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  gint64 v = 0;

  if (!read_int (r, obj, p, "ply", TRUE, 0, G_MAXINT, &v))
    return FALSE;
  msg->ply = (guint) v;
  return read_path (r, obj, p, msg);
}

static void
write_move (JsonBuilder *b, const SternNetMessage *msg)
{
  g_autofree char *path = format_msg_path (msg);

  add_int (b, "ply", msg->ply);
  add_string (b, "path", path);
}

/* Seat colours, each one of variant's seats, into seats[] (as TRUE). */
static gboolean
read_colours (Reader *r, JsonArray *colours, const char *field, const SternVariant *variant,
              guint8 *list, guint *n_list, gboolean *seats)
{
  for (guint k = 0; k < json_array_get_length (colours); k++)
    {
      JsonNode *n = json_array_get_element (colours, k);
      const char *c;
      unsigned seat;

      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
        return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "expected colour names");
      c = json_node_get_string (n);
      seat = stern_seat_from_colour_name (c, strlen (c));
      if (seat == STERN_NO_SEAT || !stern_variant_has_seat (variant, seat))
        return fail (r, STERN_NET_ERROR_BAD_FIELD, field, "not a seat of %s", variant->id);
      if (list != NULL)
        list[(*n_list)++] = (guint8) seat;
      if (seats != NULL)
        seats[seat] = TRUE;
    }
  return TRUE;
}

static gboolean
read_lobby (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  static const char *const allowed[] = { "code", "variant", "preset", "players", "open",
                                         "host" /* new in 3 */, NULL };
  JsonArray *rooms;
  gint64 v = 0;

  if (!read_int (r, obj, p, "online", TRUE, 0, G_MAXUINT, &v))
    return FALSE;
  msg->online = (guint) v;
  v = 0;
  if (!read_int (r, obj, p, "looking", FALSE, 0, G_MAXUINT, &v))
    return FALSE;
  msg->looking = (guint) v;
  if (!(rooms = read_array (r, obj, p, "rooms", TRUE, STERN_NET_MAX_ROOMS_LISTED)))
    return FALSE;
  msg->rooms = g_array_new (FALSE, TRUE, sizeof (SternNetLobbyRoom));
  for (guint i = 0; i < json_array_get_length (rooms); i++)
    {
      g_autofree char *ef = g_strdup_printf ("lobby.rooms[%u]", i);
      g_autofree char *of = g_strdup_printf ("%s.open", ef);
      JsonObject *e = node_object (r, json_array_get_element (rooms, i), ef);
      SternNetLobbyRoom room = { 0 };
      g_autofree char *host = NULL;
      JsonArray *open;

      if (e == NULL || !check_members (r, e, ef, NULL, allowed) ||
          !read_fixed (r, e, ef, "code", TRUE, stern_net_code_is_valid, room.code,
                       sizeof room.code) ||
          !read_variant (r, e, ef, &room.variant) ||
          !read_preset (r, e, ef, room.variant, &room.preset) ||
          !read_int (r, e, ef, "players", TRUE, 0, STERN_N_SEATS, &v))
        return FALSE;
      room.players = (guint) v;
      if (!(open = read_array (r, e, ef, "open", TRUE, STERN_N_SEATS)) ||
          !read_colours (r, open, of, room.variant, room.open_seats, &room.n_open, NULL) ||
          !read_name (r, e, ef, "host", &host))
        return FALSE;
      g_strlcpy (room.host, host ? host : "", sizeof room.host);
      g_array_append_val (msg->rooms, room);
    }
  return TRUE;
}

static void
write_lobby (JsonBuilder *b, const SternNetMessage *msg)
{
  add_int (b, "online", msg->online);
  add_int (b, "looking", msg->looking);
  json_builder_set_member_name (b, "rooms");
  json_builder_begin_array (b);
  for (guint i = 0; msg->rooms && i < msg->rooms->len; i++)
    {
      const SternNetLobbyRoom *room = &g_array_index (msg->rooms, SternNetLobbyRoom, i);

      json_builder_begin_object (b);
      add_string (b, "code", room->code);
      add_string (b, "variant", room->variant->id);
      add_string (b, "preset", stern_preset_name (room->preset));
      add_int (b, "players", room->players);
      json_builder_set_member_name (b, "open");
      json_builder_begin_array (b);
      for (guint k = 0; k < room->n_open; k++)
        json_builder_add_string_value (b, stern_seat_colour_name (room->open_seats[k]));
      json_builder_end_array (b);
      /* A client of version 2 refuses members it does not know. */
      if (room->host[0] != '\0' && msg->protocol >= 3)
        add_string (b, "host", room->host);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static gboolean
read_room (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  JsonArray *actions;
  gint64 v = 0;

  if (!read_fixed (r, obj, p, "code", TRUE, stern_net_code_is_valid, msg->code,
                   sizeof msg->code) ||
      !read_variant (r, obj, p, &msg->setup.variant) ||
      !read_preset (r, obj, p, msg->setup.variant, &msg->setup.preset) ||
      !read_clock (r, obj, p, TRUE, &msg->setup) ||
      !read_seats (r, obj, p, msg, TRUE))
    return FALSE;
  /* Six players of 200 moves, with passes and resignations: well under
   * this. */
  if (!(actions = read_array (r, obj, p, "actions", TRUE, 4096)))
    return FALSE;
  msg->actions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonNode *n = json_array_get_element (actions, i);
      const char *s;

      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING ||
          strlen (s = json_node_get_string (n)) > STERN_MAX_PATH * 4 ||
          !g_utf8_validate (s, -1, NULL))
        {
          g_autofree char *ef = g_strdup_printf ("room.actions[%u]", i);
          return fail (r, STERN_NET_ERROR_BAD_FIELD, ef, "expected an action's text");
        }
      g_ptr_array_add (msg->actions, g_strdup (s));
    }
  if (!read_int (r, obj, p, "spectators", FALSE, 0, G_MAXUINT, &v))
    return FALSE;
  msg->spectators = (guint) v;
  if (json_object_has_member (obj, "rematch"))
    {
      JsonArray *asked = read_array (r, obj, p, "rematch", TRUE, STERN_N_SEATS);

      if (asked == NULL ||
          !read_colours (r, asked, "room.rematch", msg->setup.variant, NULL, NULL, msg->rematch))
        return FALSE;
    }
  return read_turn_over_result (r, obj, p, msg);
}

static void
write_room (JsonBuilder *b, const SternNetMessage *msg)
{
  const SternVariant *variant = msg->setup.variant;
  gboolean any = FALSE;

  add_string (b, "code", msg->code);
  add_string (b, "variant", variant->id);
  add_string (b, "preset", stern_preset_name (msg->setup.preset));
  add_clock (b, &msg->setup);
  add_seats (b, msg, TRUE);
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  for (guint i = 0; msg->actions && i < msg->actions->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (msg->actions, i));
  json_builder_end_array (b);
  add_int (b, "spectators", msg->spectators);
  for (unsigned seat = 0; seat < STERN_N_SEATS; seat++)
    any |= msg->rematch[seat];
  if (any)
    {
      json_builder_set_member_name (b, "rematch");
      json_builder_begin_array (b);
      for (unsigned i = 0; i < variant->n_players; i++)
        if (msg->rematch[variant->seats[i]])
          json_builder_add_string_value (b, stern_seat_colour_name (variant->seats[i]));
      json_builder_end_array (b);
    }
  add_turn_over_result (b, msg);
}

static gboolean
read_action (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  g_autofree char *kind = NULL;
  JsonArray *clocks;
  gint64 v = 0;

  if (!read_fixed (r, obj, p, "code", TRUE, stern_net_code_is_valid, msg->code,
                   sizeof msg->code) ||
      !read_int (r, obj, p, "ply", TRUE, 0, G_MAXINT, &v))
    return FALSE;
  msg->ply = (guint) v;
  if (!read_seat (r, obj, p, "seat", TRUE, &msg->seat) ||
      !read_string (r, obj, p, "kind", TRUE, 16, &kind))
    return FALSE;
  msg->action = G_N_ELEMENTS (action_kind_names);
  for (unsigned i = 0; i < G_N_ELEMENTS (action_kind_names); i++)
    if (strcmp (kind, action_kind_names[i]) == 0)
      msg->action = (SternActionKind) i;
  if (msg->action == G_N_ELEMENTS (action_kind_names))
    return fail (r, STERN_NET_ERROR_BAD_FIELD, "action.kind",
                 "“%s” is not move, pass, resign or timeout", kind);
  if (msg->action == STERN_ACTION_MOVE)
    {
      if (!read_path (r, obj, p, msg))
        return FALSE;
    }
  else if (json_object_has_member (obj, "path"))
    return fail (r, STERN_NET_ERROR_BAD_FIELD, "action.path", "only moves have a path");
  if (json_object_has_member (obj, "clocks"))
    {
      if (!(clocks = read_array (r, obj, p, "clocks", TRUE, STERN_N_SEATS)))
        return FALSE;
      if (json_array_get_length (clocks) != STERN_N_SEATS)
        return fail (r, STERN_NET_ERROR_BAD_FIELD, "action.clocks",
                     "expected %d numbers", STERN_N_SEATS);
      for (guint i = 0; i < STERN_N_SEATS; i++)
        {
          JsonNode *n = json_array_get_element (clocks, i);

          if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64 ||
              json_node_get_int (n) < -1)
            return fail (r, STERN_NET_ERROR_BAD_FIELD, "action.clocks",
                         "expected whole numbers of milliseconds (-1: no clock)");
          msg->clocks[i] = json_node_get_int (n);
        }
      msg->has_clocks = TRUE;
    }
  return read_turn_over_result (r, obj, p, msg);
}

static void
write_action (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "code", msg->code);
  add_int (b, "ply", msg->ply);
  add_string (b, "seat", stern_seat_colour_name (msg->seat));
  add_string (b, "kind", action_kind_names[msg->action]);
  if (msg->action == STERN_ACTION_MOVE)
    {
      g_autofree char *path = format_msg_path (msg);

      add_string (b, "path", path);
    }
  if (msg->has_clocks)
    {
      json_builder_set_member_name (b, "clocks");
      json_builder_begin_array (b);
      for (unsigned s = 0; s < STERN_N_SEATS; s++)
        json_builder_add_int_value (b, msg->clocks[s]);
      json_builder_end_array (b);
    }
  add_turn_over_result (b, msg);
}

static gboolean
read_error (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg)
{
  g_autofree char *name = NULL;

  if (!read_string (r, obj, p, "error", TRUE, 32, &name))
    return FALSE;
  if (!stern_net_error_lookup (name, &msg->error))
    return fail (r, STERN_NET_ERROR_BAD_FIELD, "error.error", "unknown error “%s”", name);
  return read_string (r, obj, p, "message", TRUE, STERN_NET_MAX_TEXT, &msg->text) &&
         read_string (r, obj, p, "field", FALSE, 100, &msg->field);
}

static void
write_error (JsonBuilder *b, const SternNetMessage *msg)
{
  add_string (b, "error", error_names[msg->error]);
  add_string (b, "message", msg->text ? msg->text : "");
  if (msg->field)
    add_string (b, "field", msg->field);
}

/* One row per message (doc/protocol.md): its name, which way it goes, the
 * members it may have besides "type", and how it is read and written. */
typedef struct {
  const char        *name;
  SternNetDirection  direction;
  const char *const *members;
  gboolean         (*read)  (Reader *r, JsonObject *obj, const char *p, SternNetMessage *msg);
  void             (*write) (JsonBuilder *b, const SternNetMessage *msg);
} MessageKind;

#define MEMBERS(...) ((const char *const []) { __VA_ARGS__, NULL })
#define TO_SERVER STERN_NET_TO_SERVER
#define TO_CLIENT STERN_NET_TO_CLIENT

static const MessageKind message_kinds[STERN_NET_N_MSG_TYPES] = {
  [STERN_NET_MSG_HELLO]   = { "hello", TO_SERVER, MEMBERS ("protocol", "name"),
                              read_hello, write_hello },
  [STERN_NET_MSG_LIST]    = { "list", TO_SERVER, MEMBERS (NULL), read_nothing, write_nothing },
  [STERN_NET_MSG_CREATE]  = { "create", TO_SERVER,
                              MEMBERS ("variant", "preset", "clock", "seats", "take", "name"),
                              read_create, write_create },
  [STERN_NET_MSG_JOIN]    = { "join", TO_SERVER, MEMBERS ("code", "seat", "name", "key"),
                              read_join, write_join },
  [STERN_NET_MSG_WATCH]   = { "watch", TO_SERVER, MEMBERS ("code"), read_watch, write_watch },
  [STERN_NET_MSG_RESUME]  = { "resume", TO_SERVER, MEMBERS ("code", "token"),
                              read_resume, write_resume },
  [STERN_NET_MSG_MOVE]    = { "move", TO_SERVER, MEMBERS ("ply", "path"), read_move, write_move },
  [STERN_NET_MSG_RESIGN]  = { "resign", TO_SERVER, MEMBERS (NULL), read_nothing, write_nothing },
  [STERN_NET_MSG_LEAVE]   = { "leave", TO_SERVER, MEMBERS (NULL), read_nothing, write_nothing },
  [STERN_NET_MSG_QUICK]   = { "quick", TO_SERVER, MEMBERS ("variant", "name"),
                              read_quick, write_quick },
  [STERN_NET_MSG_CHAT]    = { "chat", TO_SERVER, MEMBERS ("text"), read_chat, write_chat },
  [STERN_NET_MSG_REMATCH] = { "rematch", TO_SERVER, MEMBERS (NULL), read_nothing, write_nothing },
  [STERN_NET_MSG_WELCOME] = { "welcome", TO_CLIENT, MEMBERS ("protocol", "server", "online"),
                              read_welcome, write_welcome },
  [STERN_NET_MSG_LOBBY]   = { "lobby", TO_CLIENT, MEMBERS ("online", "looking", "rooms"),
                              read_lobby, write_lobby },
  [STERN_NET_MSG_JOINED]  = { "joined", TO_CLIENT, MEMBERS ("code", "token", "seat"),
                              read_joined, write_joined },
  [STERN_NET_MSG_ROOM]    = { "room", TO_CLIENT,
                              MEMBERS ("code", "variant", "preset", "clock", "seats", "actions",
                                       "turn", "over", "result", "spectators", "rematch"),
                              read_room, write_room },
  [STERN_NET_MSG_ACTION]  = { "action", TO_CLIENT,
                              MEMBERS ("code", "ply", "seat", "kind", "path", "clocks", "turn",
                                       "over", "result"),
                              read_action, write_action },
  [STERN_NET_MSG_ERROR]   = { "error", TO_CLIENT, MEMBERS ("error", "message", "field"),
                              read_error, write_error },
  [STERN_NET_MSG_SAID]    = { "chat", TO_CLIENT, MEMBERS ("code", "seat", "name", "text"),
                              read_said, write_said },
  [STERN_NET_MSG_INVITED] = { "invited", TO_CLIENT, MEMBERS ("code", "seat", "key"),
                              read_invited, write_invited },
};

#undef MEMBERS
#undef TO_SERVER
#undef TO_CLIENT

static const char *
msg_name (SternNetMsgType type)
{
  return message_kinds[type].name;
}

SternNetDirection
stern_net_msg_type_direction (SternNetMsgType type)
{
  g_return_val_if_fail (type < STERN_NET_N_MSG_TYPES, STERN_NET_TO_SERVER);

  return message_kinds[type].direction;
}

SternNetMessage *
stern_net_message_parse (const char *data, gsize len, SternNetDirection direction,
                         char **field, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local = NULL;
  g_autoptr (SternNetMessage) msg = NULL;
  g_autofree char *type = NULL;
  Reader r = { NULL, error };
  const MessageKind *kind;
  JsonNode *root;
  JsonObject *obj;
  gsize max = direction == STERN_NET_TO_SERVER ? STERN_NET_MAX_CLIENT_MESSAGE
                                               : STERN_NET_MAX_SERVER_MESSAGE;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  if (field)
    *field = NULL;
  if (len > max)
    {
      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_TOO_LARGE,
                   "message of %" G_GSIZE_FORMAT " bytes; the limit is %" G_GSIZE_FORMAT,
                   len, max);
      return NULL;
    }
  if (!g_utf8_validate_len (data, len, NULL))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON,
                           "message is not valid UTF-8");
      return NULL;
    }

  /* json-glib alone would take comments, single quotes, a second value
   * and duplicate members. */
  if (!stern_net_json_check_strict (data, len, error))
    return NULL;
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) len, &local))
    {
      /* json-glib quotes the bad text, which an escape such as "\345"
       * can turn into bytes that are not UTF-8; the message is shown. */
      g_autofree char *reason = g_utf8_make_valid (local->message, -1);

      g_set_error (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON, "not JSON: %s", reason);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, STERN_NET_ERROR, STERN_NET_ERROR_BAD_JSON,
                           "message is not a JSON object");
      return NULL;
    }
  obj = json_node_get_object (root);

  if (!read_string (&r, obj, "message", "type", TRUE, 32, &type))
    goto failed;
  for (unsigned i = 0; i < STERN_NET_N_MSG_TYPES; i++)
    if (strcmp (type, message_kinds[i].name) == 0 && message_kinds[i].direction == direction)
      msg = stern_net_message_new ((SternNetMsgType) i);
  if (msg == NULL)
    {
      g_autofree char *shown = g_utf8_make_valid (type, -1);
      fail (&r, STERN_NET_ERROR_UNKNOWN_TYPE, "message.type", "unknown message type “%s”",
            shown);
      goto failed;
    }
  kind = &message_kinds[msg->type];
  if (!check_members (&r, obj, kind->name, "type", kind->members) ||
      !kind->read (&r, obj, kind->name, msg))
    goto failed;
  g_free (r.field);
  return g_steal_pointer (&msg);

failed:
  if (field)
    *field = g_steal_pointer (&r.field);
  g_free (r.field);
  return NULL;
}

char *
stern_net_message_to_json (const SternNetMessage *msg)
{
  g_autoptr (JsonBuilder) b = json_builder_new_immutable ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (msg != NULL && msg->type < STERN_NET_N_MSG_TYPES, NULL);

  json_builder_begin_object (b);
  add_string (b, "type", message_kinds[msg->type].name);
  message_kinds[msg->type].write (b, msg);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}
