/* stern-server-log.c: the server's log lines (stern-server-log.h).
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server-log.h"

/* The journal's PRIORITY for a GLib level, as g_log_structured gives it. */
static const char *
priority (GLogLevelFlags level)
{
  if (level & G_LOG_LEVEL_ERROR)
    return "3";
  if (level & G_LOG_LEVEL_CRITICAL)
    return "4";
  if (level & G_LOG_LEVEL_WARNING)
    return "4";
  if (level & G_LOG_LEVEL_MESSAGE)
    return "5";
  if (level & G_LOG_LEVEL_INFO)
    return "6";
  return "7";
}

void
stern_server_log (const char          *code_file,
                  const char          *code_line,
                  const char          *code_func,
                  GLogLevelFlags       level,
                  const SternLogAbout *about,
                  const char          *format,
                  ...)
{
  const SternLogAbout none = { 0 };
  const char *names[] = { "STERN_ROOM", "STERN_CONN", "STERN_PEER", "STERN_LIMIT" };
  const char *values[G_N_ELEMENTS (names)];
  GLogField fields[6 + G_N_ELEMENTS (names)];
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;
  gsize n = 0;
  va_list args;

  if (about == NULL)
    about = &none;
  values[0] = about->room;
  values[1] = about->conn;
  values[2] = about->peer;
  values[3] = about->limit;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* The room in the text too: the fields reach the journal only, and a
   * line read on a terminal or in a file says the same. */
  message = about->room != NULL && about->room[0] != '\0'
            ? g_strdup_printf ("room %s: %s", about->room, text)
            : g_steal_pointer (&text);

  fields[n++] = (GLogField) { "GLIB_DOMAIN", G_LOG_DOMAIN, -1 };
  fields[n++] = (GLogField) { "PRIORITY", priority (level), -1 };
  fields[n++] = (GLogField) { "CODE_FILE", code_file, -1 };
  fields[n++] = (GLogField) { "CODE_LINE", code_line, -1 };
  fields[n++] = (GLogField) { "CODE_FUNC", code_func, -1 };
  fields[n++] = (GLogField) { "MESSAGE", message, -1 };
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (values[i] != NULL && values[i][0] != '\0')
      fields[n++] = (GLogField) { names[i], values[i], -1 };
  g_log_structured_array (level, fields, n);
}
