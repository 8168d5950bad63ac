/* stern-server-options.c: the table of sternhalma-server's settings and
 * the command line made from it (doc/server.md, "Options").
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server-options.h"

#include <string.h>

/* Seconds and KiB are turned into milliseconds and bytes in guints. */
#define MAX_SECONDS ((double) (G_MAXUINT / 1000))
#define INT_MAX_D   ((double) G_MAXINT)

static const SternOption options[STERN_N_OPTS] = {
  [STERN_OPT_PORT] = {
    .name = "port", .short_name = 'p', .kind = STERN_OPT_KIND_INT,
    .value = STERN_NET_DEFAULT_PORT, .min = 0, .max = 65535, .zero = "any free port",
    .unit = "N", .help = "Port to listen on",
  },
  [STERN_OPT_ADDRESS] = {
    .name = "address", .short_name = 'a', .kind = STERN_OPT_KIND_STRING,
    .text = "every interface",
    .unit = "ADDR", .help = "Listen only on this IP address",
  },
  [STERN_OPT_DATA_DIR] = {
    .name = "data-dir", .short_name = 'd', .kind = STERN_OPT_KIND_FILENAME,
    .required = TRUE,
    .unit = "DIR", .help = "Folder for the rooms' store, rooms.sqlite",
  },
  [STERN_OPT_TLS_CERT] = {
    .name = "tls-cert", .kind = STERN_OPT_KIND_FILENAME, .text = "none",
    .unit = "FILE", .help = "TLS certificate (PEM); with --tls-key, serve wss://",
  },
  [STERN_OPT_TLS_KEY] = {
    .name = "tls-key", .kind = STERN_OPT_KIND_FILENAME, .text = "none",
    .unit = "FILE", .help = "TLS private key (PEM)",
  },
  [STERN_OPT_GRACE] = {
    .name = "grace", .short_name = 'g', .kind = STERN_OPT_KIND_INT,
    .value = 60, .min = 0, .max = MAX_SECONDS,
    .unit = "S", .help = "Seconds a dropped player keeps the seat",
  },
  [STERN_OPT_GRACE_MS] = {
    .name = "grace-ms", .kind = STERN_OPT_KIND_INT, .hidden = TRUE,
    .value = -1, .min = -1, .max = INT_MAX_D,
    .unit = "MS", .help = "Grace period in milliseconds (tests)",
  },
  [STERN_OPT_REPLACEMENT_LEVEL] = {
    .name = "replacement-level", .kind = STERN_OPT_KIND_STRING, .text = "medium",
    .unit = "LEVEL", .help = "Level of the computer that takes a seat over",
  },
  [STERN_OPT_FSYNC] = {
    .name = "fsync", .kind = STERN_OPT_KIND_FLAG, .text = "off",
    .help = "Flush the store to the disk at every move (synchronous=FULL: survives power cuts; slower)",
  },
  [STERN_OPT_RETENTION_DAYS] = {
    .name = "retention-days", .kind = STERN_OPT_KIND_INT,
    .value = 7, .min = 0, .max = 3650,
    .unit = "N", .help = "Days a finished game stays watchable by its code",
  },
  /* Counts half-open connections too; the fd limit must be above it. */
  [STERN_OPT_MAX_CONNECTIONS] = {
    .name = "max-connections", .kind = STERN_OPT_KIND_INT,
    .value = 5000, .min = 1, .max = INT_MAX_D,
    .unit = "N", .help = "Connections at once",
  },
  /* A burst is twice the rate (SternServer); below 0.5 a burst would not
   * hold one message. */
  [STERN_OPT_RATE] = {
    .name = "rate", .kind = STERN_OPT_KIND_DOUBLE,
    .value = 20, .min = 0.5, .max = 1e6,
    .unit = "N", .help = "Messages a connection may send per second",
  },
  /* Chat has its own, slower bucket: a line every two seconds on average. */
  [STERN_OPT_CHAT_RATE] = {
    .name = "chat-rate", .kind = STERN_OPT_KIND_DOUBLE,
    .value = 0.5, .min = 0.01, .max = 1e6,
    .unit = "N", .help = "Chat lines a connection may send per second",
  },
  /* A club's table behind one router is a few people with a device or
   * two each; 32 leaves room for a school's network. */
  [STERN_OPT_MAX_PER_ADDRESS] = {
    .name = "max-per-address", .kind = STERN_OPT_KIND_INT,
    .value = 32, .min = 0, .max = INT_MAX_D, .zero = "no cap",
    .unit = "N", .help = "Connections from one address or IPv6 /64",
  },
  [STERN_OPT_CREATES_PER_MINUTE] = {
    .name = "creates-per-minute", .kind = STERN_OPT_KIND_INT,
    .value = 10, .min = 0, .max = INT_MAX_D, .zero = "no cap",
    .unit = "N", .help = "Rooms one address may create a minute",
  },
  [STERN_OPT_ROOMS_PER_ADDRESS] = {
    .name = "rooms-per-address", .kind = STERN_OPT_KIND_INT,
    .value = 20, .min = 0, .max = INT_MAX_D, .zero = "no cap",
    .unit = "N", .help = "Open rooms one address may have created",
  },
  /* A person mistypes a code a few times, not twenty times a minute. */
  [STERN_OPT_GUESSES_PER_MINUTE] = {
    .name = "guesses-per-minute", .kind = STERN_OPT_KIND_INT,
    .value = 20, .min = 0, .max = INT_MAX_D, .zero = "no cap",
    .unit = "N", .help = "Unknown room codes or wrong tokens one address may send a minute",
  },
  [STERN_OPT_UPGRADE_TIMEOUT] = {
    .name = "upgrade-timeout", .kind = STERN_OPT_KIND_INT,
    .value = 10, .min = 1, .max = MAX_SECONDS,
    .unit = "S", .help = "Seconds a connection has to finish its WebSocket upgrade",
  },
  [STERN_OPT_UPGRADE_TIMEOUT_MS] = {
    .name = "upgrade-timeout-ms", .kind = STERN_OPT_KIND_INT, .hidden = TRUE,
    .value = -1, .min = -1, .max = INT_MAX_D,
    .unit = "MS", .help = "The same in milliseconds (tests)",
  },
  [STERN_OPT_PING_INTERVAL] = {
    .name = "ping-interval", .kind = STERN_OPT_KIND_INT,
    .value = 30, .min = 1, .max = MAX_SECONDS,
    .unit = "S", .help = "Seconds between keep-alive pings",
  },
  /* Two pings unanswered and a bit. */
  [STERN_OPT_PING_TIMEOUT] = {
    .name = "ping-timeout", .kind = STERN_OPT_KIND_INT,
    .value = 75, .min = 1, .max = MAX_SECONDS,
    .unit = "S", .help = "Seconds without a pong or a message before a connection is closed",
  },
  [STERN_OPT_PING_TIMEOUT_MS] = {
    .name = "ping-timeout-ms", .kind = STERN_OPT_KIND_INT, .hidden = TRUE,
    .value = -1, .min = -1, .max = INT_MAX_D,
    .unit = "MS", .help = "The same in milliseconds (tests)",
  },
  /* A room's whole history is at most 512 KiB: two of them may wait. */
  [STERN_OPT_MAX_OUTGOING] = {
    .name = "max-outgoing", .kind = STERN_OPT_KIND_INT,
    .value = 1024, .min = 16, .max = INT_MAX_D,
    .unit = "KIB", .help = "KiB that may wait for a client that does not read before it is dropped",
  },
  [STERN_OPT_ORIGIN] = {
    .name = "origin", .kind = STERN_OPT_KIND_STRINGS, .text = "any",
    .unit = "ORIGIN",
    .help = "Allow browser clients from this origin only (repeat for more; clients that send no Origin always may)",
  },
  [STERN_OPT_METRICS] = {
    .name = "metrics", .kind = STERN_OPT_KIND_STRING, .text = "none",
    .unit = "ADDRESS:PORT", .help = "Serve Prometheus metrics on this local ADDRESS:PORT",
  },
  [STERN_OPT_DRAIN_TIMEOUT] = {
    .name = "drain-timeout", .kind = STERN_OPT_KIND_INT,
    .value = 10, .min = 0, .max = MAX_SECONDS,
    .unit = "S", .help = "Seconds SIGTERM waits for connections to close",
  },
};

const SternOption *
stern_option_get (SternOpt opt)
{
  g_return_val_if_fail (opt < STERN_N_OPTS, NULL);
  return &options[opt];
}

char *
stern_option_default_text (const SternOption *option)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (option != NULL, NULL);
  if (option->required)
    return g_strdup ("required");
  if (option->kind == STERN_OPT_KIND_INT || option->kind == STERN_OPT_KIND_DOUBLE)
    return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.15g", option->value));
  return g_strdup (option->text ? option->text : "none");
}

void
stern_server_options_init (SternServerOptions *self)
{
  g_return_if_fail (self != NULL);

  memset (self, 0, sizeof *self);
  for (guint i = 0; i < STERN_N_OPTS; i++)
    {
      const SternOption *o = &options[i];

      if (o->kind == STERN_OPT_KIND_INT)
        self->values[i].number = (int) o->value;
      else if (o->kind == STERN_OPT_KIND_DOUBLE)
        self->values[i].real = o->value;
    }
  self->replacement_level = STERN_LEVEL_MEDIUM;
  stern_level_lookup (options[STERN_OPT_REPLACEMENT_LEVEL].text, &self->replacement_level);
}

void
stern_server_options_clear (SternServerOptions *self)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < STERN_N_OPTS; i++)
    if (options[i].kind == STERN_OPT_KIND_STRING || options[i].kind == STERN_OPT_KIND_FILENAME)
      g_clear_pointer (&self->values[i].text, g_free);
    else if (options[i].kind == STERN_OPT_KIND_STRINGS)
      g_clear_pointer (&self->values[i].texts, g_strfreev);
  g_clear_pointer (&self->metrics_host, g_free);
}

/* "ADDRESS:PORT", "[IPv6]:PORT" or "PORT" (then 127.0.0.1). */
static gboolean
parse_host_port (const char *text, char **host, guint *port)
{
  const char *colon = strrchr (text, ':');
  g_autofree char *h = NULL;
  guint64 p;

  if (colon == NULL)
    h = g_strdup ("127.0.0.1");
  else if (text[0] == '[' && colon > text + 1 && colon[-1] == ']')
    h = g_strndup (text + 1, (gsize) (colon - text - 2));
  else
    h = g_strndup (text, (gsize) (colon - text));
  if (!g_ascii_string_to_unsigned (colon ? colon + 1 : text, 10, 0, 65535, &p, NULL))
    return FALSE;
  *host = g_steal_pointer (&h);
  *port = (guint) p;
  return TRUE;
}

/* The help line: "Seconds a dropped player keeps the seat (default 60)",
 * "… (default: none)". */
static char *
help_text (const SternOption *o)
{
  g_autofree char *value = NULL;

  if (o->hidden || o->kind == STERN_OPT_KIND_FLAG)
    return g_strdup (o->help);
  if (o->required)
    return g_strdup_printf ("%s (required)", o->help);
  value = stern_option_default_text (o);
  if (o->kind != STERN_OPT_KIND_INT && o->kind != STERN_OPT_KIND_DOUBLE)
    return g_strdup_printf ("%s (default: %s)", o->help, value);
  if (o->zero)
    return g_strdup_printf ("%s (default %s; 0: %s)", o->help, value, o->zero);
  return g_strdup_printf ("%s (default %s)", o->help, value);
}

static gboolean
out_of_range (const SternOption *o, GError **error)
{
  char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               "--%s is out of range (%s to %s)", o->name,
               g_ascii_formatd (lo, sizeof lo, "%.15g", o->min),
               g_ascii_formatd (hi, sizeof hi, "%.15g", o->max));
  return FALSE;
}

static gboolean
check_values (SternServerOptions *self, GError **error)
{
  const SternOptValue *v = self->values;

  for (guint i = 0; i < STERN_N_OPTS; i++)
    {
      const SternOption *o = &options[i];

      if (o->required && v[i].text == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "--%s is required", o->name);
          return FALSE;
        }
      if ((o->kind == STERN_OPT_KIND_INT && (v[i].number < o->min || v[i].number > o->max)) ||
          (o->kind == STERN_OPT_KIND_DOUBLE && !(v[i].real >= o->min && v[i].real <= o->max)))
        return out_of_range (o, error);
    }
  if ((v[STERN_OPT_TLS_CERT].text == NULL) != (v[STERN_OPT_TLS_KEY].text == NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           "--tls-cert and --tls-key go together");
      return FALSE;
    }
  if (v[STERN_OPT_REPLACEMENT_LEVEL].text &&
      (!stern_level_lookup (v[STERN_OPT_REPLACEMENT_LEVEL].text, &self->replacement_level) ||
       self->replacement_level >= STERN_N_PLAY_LEVELS))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--replacement-level is out of range (easy, medium, hard or expert)");
      return FALSE;
    }
  if (v[STERN_OPT_METRICS].text &&
      !parse_host_port (v[STERN_OPT_METRICS].text, &self->metrics_host, &self->metrics_port))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--metrics is out of range (ADDRESS:PORT, [IPv6]:PORT or PORT)");
      return FALSE;
    }
  return TRUE;
}

/* The command line, with its entries' texts in texts and their values
 * in self. */
static GOptionContext *
new_context (SternServerOptions *self, GPtrArray *texts)
{
  static const GOptionArg args[] = {
    [STERN_OPT_KIND_INT] = G_OPTION_ARG_INT,
    [STERN_OPT_KIND_DOUBLE] = G_OPTION_ARG_DOUBLE,
    [STERN_OPT_KIND_FLAG] = G_OPTION_ARG_NONE,
    [STERN_OPT_KIND_STRING] = G_OPTION_ARG_STRING,
    [STERN_OPT_KIND_FILENAME] = G_OPTION_ARG_FILENAME,
    [STERN_OPT_KIND_STRINGS] = G_OPTION_ARG_STRING_ARRAY,
  };
  GOptionContext *context = g_option_context_new ("- Sternhalma network play server");
  GOptionEntry entries[STERN_N_OPTS + 1] = { { NULL } };

  for (guint i = 0; i < STERN_N_OPTS; i++)
    {
      const SternOption *o = &options[i];
      char *description = help_text (o);

      g_ptr_array_add (texts, description);
      entries[i] = (GOptionEntry) {
        .long_name = o->name,
        .short_name = o->short_name,
        .flags = o->hidden ? G_OPTION_FLAG_HIDDEN : 0,
        .arg = args[o->kind],
        .arg_data = &self->values[i],
        .description = description,
        .arg_description = o->unit,
      };
    }
  /* GOption copies the entries, not their texts. */
  g_option_context_add_main_entries (context, entries, NULL);
  return context;
}

gboolean
stern_server_options_parse (SternServerOptions *self, int *argc, char ***argv,
                            char **help, GError **error)
{
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GOptionContext) context = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  context = new_context (self, texts);
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  if (!check_values (self, error))
    {
      if (help)
        *help = g_option_context_get_help (context, TRUE, NULL);
      return FALSE;
    }
  return TRUE;
}

char *
stern_server_options_help (void)
{
  g_auto (SternServerOptions) values = { 0 };
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GOptionContext) context = NULL;

  stern_server_options_init (&values);
  context = new_context (&values, texts);
  return g_option_context_get_help (context, TRUE, NULL);
}

void
stern_server_options_apply (const SternServerOptions *self, SternServer *server)
{
  const SternOptValue *v;
  SternServerLimits limits;

  g_return_if_fail (self != NULL);
  g_return_if_fail (STERN_IS_SERVER (server));

  v = self->values;
  stern_server_set_grace (server, v[STERN_OPT_GRACE_MS].number >= 0
                                    ? (guint) v[STERN_OPT_GRACE_MS].number
                                    : (guint) v[STERN_OPT_GRACE].number * 1000);
  stern_server_set_replacement_level (server, self->replacement_level);
  stern_server_set_rate (server, v[STERN_OPT_RATE].real);
  stern_server_set_chat_rate (server, v[STERN_OPT_CHAT_RATE].real);
  stern_server_set_durable (server, v[STERN_OPT_FSYNC].flag);
  stern_server_set_retention (server, (guint) v[STERN_OPT_RETENTION_DAYS].number * 24 * 3600);

  stern_server_limits_init (&limits);
  limits.max_connections = (guint) v[STERN_OPT_MAX_CONNECTIONS].number;
  limits.max_per_address = (guint) v[STERN_OPT_MAX_PER_ADDRESS].number;
  limits.creates_per_minute = (guint) v[STERN_OPT_CREATES_PER_MINUTE].number;
  limits.rooms_per_address = (guint) v[STERN_OPT_ROOMS_PER_ADDRESS].number;
  limits.guesses_per_minute = (guint) v[STERN_OPT_GUESSES_PER_MINUTE].number;
  limits.upgrade_timeout_ms = v[STERN_OPT_UPGRADE_TIMEOUT_MS].number > 0
                                ? (guint) v[STERN_OPT_UPGRADE_TIMEOUT_MS].number
                                : (guint) v[STERN_OPT_UPGRADE_TIMEOUT].number * 1000;
  limits.ping_interval_ms = (guint) v[STERN_OPT_PING_INTERVAL].number * 1000;
  limits.ping_timeout_ms = v[STERN_OPT_PING_TIMEOUT_MS].number > 0
                             ? (guint) v[STERN_OPT_PING_TIMEOUT_MS].number
                             : (guint) v[STERN_OPT_PING_TIMEOUT].number * 1000;
  limits.max_outgoing = (gsize) v[STERN_OPT_MAX_OUTGOING].number * 1024;
  stern_server_set_limits (server, &limits);
  stern_server_set_origins (server, (const char *const *) v[STERN_OPT_ORIGIN].texts);
}
