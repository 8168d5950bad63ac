/* sternhalma-cli: the engine on the command line, for tests and benchmarks.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "stern-cli.h"

int
main (int argc, char **argv)
{
  const char *localedir = g_getenv ("STERNHALMA_LOCALEDIR");

  /* Usage and errors on stderr follow the user's language; numbers keep
   * the C locale so that stdout stays the same for scripts. */
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return stern_cli_run (argc, argv);
}
