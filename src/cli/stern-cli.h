/* stern-cli.h: the commands of sternhalma-cli. */
#pragma once

#include <glib.h>

/* Runs one command; returns the exit status (2 for bad arguments). */
int stern_cli_run (int argc, char **argv);

/* Parses a decimal number from 0 to max, the whole of text. */
gboolean stern_cli_parse_number (const char *text, guint64 max, guint64 *value);
