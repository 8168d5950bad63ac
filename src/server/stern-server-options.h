/* stern-server-options.h: sternhalma-server's settings, one table row
 * each (name, default, bounds, unit, help): the command line, --help,
 * SternServer's own defaults and the check of doc/server.md's table are
 * all made from it.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-server.h"

G_BEGIN_DECLS

typedef enum {
  STERN_OPT_PORT,
  STERN_OPT_ADDRESS,
  STERN_OPT_DATA_DIR,
  STERN_OPT_TLS_CERT,
  STERN_OPT_TLS_KEY,
  STERN_OPT_GRACE,
  STERN_OPT_GRACE_MS,
  STERN_OPT_REPLACEMENT_LEVEL,
  STERN_OPT_FSYNC,
  STERN_OPT_RETENTION_DAYS,
  STERN_OPT_MAX_CONNECTIONS,
  STERN_OPT_RATE,
  STERN_OPT_CHAT_RATE,
  STERN_OPT_MAX_PER_ADDRESS,
  STERN_OPT_CREATES_PER_MINUTE,
  STERN_OPT_ROOMS_PER_ADDRESS,
  STERN_OPT_GUESSES_PER_MINUTE,
  STERN_OPT_UPGRADE_TIMEOUT,
  STERN_OPT_UPGRADE_TIMEOUT_MS,
  STERN_OPT_PING_INTERVAL,
  STERN_OPT_PING_TIMEOUT,
  STERN_OPT_PING_TIMEOUT_MS,
  STERN_OPT_MAX_OUTGOING,
  STERN_OPT_ORIGIN,
  STERN_OPT_METRICS,
  STERN_OPT_DRAIN_TIMEOUT,
  STERN_N_OPTS,
} SternOpt;

typedef enum {
  STERN_OPT_KIND_INT,
  STERN_OPT_KIND_DOUBLE,
  STERN_OPT_KIND_FLAG,
  STERN_OPT_KIND_STRING,
  STERN_OPT_KIND_FILENAME,
  STERN_OPT_KIND_STRINGS,     /* repeated for more */
} SternOptKind;

typedef struct {
  const char  *name;          /* the long option, without "--" */
  char         short_name;    /* or 0 */
  SternOptKind kind;
  double       value;         /* the default of a number */
  double       min, max;      /* the bounds of a number */
  const char  *text;          /* the default of a string option, in words
                               * for the others that have one ("none") */
  const char  *zero;          /* what 0 means, when it means more than 0 */
  const char  *unit;          /* the argument in --help and doc/server.md */
  const char  *help;          /* for --help, without the default */
  gboolean     required;
  gboolean     hidden;        /* for tests: not in --help or doc/server.md */
} SternOption;

const SternOption *stern_option_get (SternOpt opt);
/* The default as doc/server.md and --help say it: "60", "0.5", "none". */
char              *stern_option_default_text (const SternOption *option);

/* A command line's values, the defaults where an option was not given. */
typedef union {
  int       number;     /* INT */
  double    real;       /* DOUBLE */
  gboolean  flag;       /* FLAG */
  char     *text;       /* STRING, FILENAME */
  char    **texts;      /* STRINGS */
} SternOptValue;

typedef struct {
  SternOptValue values[STERN_N_OPTS];
  SternLevel    replacement_level;
  char         *metrics_host;
  guint         metrics_port;
} SternServerOptions;

void      stern_server_options_init (SternServerOptions *options);
void      stern_server_options_clear (SternServerOptions *options);
/* Parses and checks the command line: FALSE with an error.  When a value
 * is out of its bounds or missing, the error names the option and *help
 * (nullable) gets the --help text to show with it. */
gboolean  stern_server_options_parse (SternServerOptions *options, int *argc, char ***argv,
                                      char **help, GError **error);
/* What --help prints. */
char     *stern_server_options_help (void);
/* The options' settings, before stern_server_load (). */
void      stern_server_options_apply (const SternServerOptions *options, SternServer *server);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SternServerOptions, stern_server_options_clear)

G_END_DECLS
