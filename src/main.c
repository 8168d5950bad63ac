/* main.c: starts the Sternhalma game window.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "stern-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (SternApplication) app = NULL;
  const char *localedir;

  /* STERNHALMA_LOCALEDIR lets the game run translated from the build tree. */
  localedir = g_getenv ("STERNHALMA_LOCALEDIR");
  if (localedir == NULL || *localedir == '\0')
    localedir = LOCALEDIR;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = stern_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
