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
