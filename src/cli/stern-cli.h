/* stern-cli.h: the commands of sternhalma-cli.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* Runs one command; returns the exit status (2 for bad arguments). */
int stern_cli_run (int argc, char **argv);

#include "stern-variant.h"

/* The variant named id, or NULL after saying on stderr which ones exist. */
const SternVariant *stern_cli_lookup_variant (const char *id);
/* FALSE after saying why on stderr when the preset is not defined for the
 * variant (race with more than two players, any but table on squares). */
gboolean stern_cli_check_preset (SternPreset preset, const SternVariant *variant);

/* Parses a decimal number from 0 to max, the whole of text. */
gboolean stern_cli_parse_number (const char *text, guint64 max, guint64 *value);
/* An option's value as a number from min to max, or FALSE after saying
 * problem (a printf format and its arguments) on stderr. */
gboolean stern_cli_parse_option_number (const char *value, guint64 min, guint64 max,
                                        guint64 *number, const char *problem, ...)
  G_GNUC_PRINTF (5, 6);
/* The preset named text, or FALSE after saying on stderr which ones exist. */
gboolean stern_cli_parse_preset (const char *text, SternPreset *preset);

/* An option a command accepts: "--name VALUE" or "--name=VALUE", or only
 * "--name" when it takes no value.  A table of them ends with { NULL }. */
typedef struct {
  const char *name;
  gboolean    takes_value;
} SternCliOption;

/* Called for each option taken, with its value (NULL for an option that
 * takes none); returns FALSE after saying on stderr what is wrong. */
typedef gboolean (*SternCliOptionFunc) (const char *name, const char *value, gpointer user_data);

/* Takes the options (the arguments starting with "--") off the front of
 * the arguments, each one of `options`, calling func for each; FALSE after
 * saying on stderr which one is unknown, lacks its value or has one too
 * many, or when func returns FALSE. */
gboolean stern_cli_take_options (int *argc, char ***argv, const SternCliOption *options,
                                 SternCliOptionFunc func, gpointer user_data);
